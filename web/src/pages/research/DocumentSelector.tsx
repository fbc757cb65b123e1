import { FileText, X } from 'lucide-react';
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import type { AvailableDocument } from './researchApi';

interface Props {
  documents: AvailableDocument[];
  selected: string[];
  onChange(ids: string[]): void;
  error?: string | null;
}

/** Spec section 2: a toggle with selected and available counts, chips with remove, a popup of checkboxes. */
export function DocumentSelector({ documents, selected, onChange, error }: Props) {
  const byId = new Map(documents.map((d) => [d._id, d]));
  const chosen = selected.filter((id) => byId.has(id));
  const toggle = (id: string) => onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  return (
    <div className="doc-selector">
      <DialogTrigger>
        <AriaButton className="doc-selector__toggle">
          <FileText size={16} aria-hidden="true" />
          Documents: {chosen.length} selected / {documents.length} available
        </AriaButton>
        <Popover className="doc-popover" placement="top start">
          <Dialog className="doc-popover__inner" aria-label="Select documents for Gene to analyse">
            <p className="doc-popover__title">Select documents for Gene</p>
            {error && <p className="doc-popover__empty">{error}</p>}
            {!error && documents.length === 0 && <p className="doc-popover__empty">No documents yet. Upload records on the Documents page.</p>}
            <ul className="doc-popover__list">
              {documents.map((d) => (
                <li key={d._id}>
                  <label className="doc-option">
                    <input type="checkbox" checked={chosen.includes(d._id)} onChange={() => toggle(d._id)} />
                    <span className="doc-option__name">{d.originalName}</span>
                    <span className="doc-option__type">{d.documentType ?? 'document'}</span>
                  </label>
                </li>
              ))}
            </ul>
          </Dialog>
        </Popover>
      </DialogTrigger>
      {chosen.length > 0 && (
        <ul className="doc-chips" aria-label="Selected documents">
          {chosen.map((id) => (
            <li key={id} className="doc-chip">
              <span className="doc-chip__name">{byId.get(id)?.originalName}</span>
              <button type="button" className="doc-chip__remove" aria-label={`Remove ${byId.get(id)?.originalName}`} onClick={() => toggle(id)}>
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
