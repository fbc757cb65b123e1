import { FileText, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button as AriaButton, DialogTrigger, Popover } from 'react-aria-components';
import { LoadError } from '../../components/ui';
import type { AvailableDocument } from './researchApi';

interface Props {
  documents: AvailableDocument[];
  selected: string[];
  onChange(ids: string[]): void;
  /** The documents list could not be loaded: the popup says so and offers Retry. */
  error?: string | null;
  onRetry?(): void;
  retrying?: boolean;
}

/** docs/contract.md#screens: a toggle with selected and available counts, chips with remove, a popup of checkboxes. */
export function DocumentSelector({ documents, selected, onChange, error, onRetry, retrying = false }: Props) {
  const byId = new Map(documents.map((d) => [d._id, d]));
  const chosen = selected.filter((id) => byId.has(id));
  const toggle = (id: string) => onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  const picker = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const chips = useRef<HTMLUListElement>(null);
  // After a chip is removed, focus goes to the next chip, or to the picker when it was the last.
  const focusAfterRemove = useRef<string | null | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the selection has changed
  useEffect(() => {
    const next = focusAfterRemove.current;
    if (next === undefined) return;
    focusAfterRemove.current = undefined;
    const chip = next ? chips.current?.querySelector<HTMLButtonElement>(`[data-chip-id="${next}"]`) : null;
    (chip ?? picker.current)?.focus();
  }, [selected]);
  const remove = (id: string) => {
    focusAfterRemove.current = chosen[chosen.indexOf(id) + 1] ?? null;
    toggle(id);
  };
  return (
    <div className="doc-selector">
      <DialogTrigger>
        <AriaButton ref={picker} className="pill doc-selector__toggle">
          <FileText size={16} aria-hidden="true" />
          Documents: {chosen.length} selected / {documents.length} available
        </AriaButton>
        {/* The popover is the dialog itself (react-aria gives it role=dialog when it holds none),
            named by its title: a Dialog inside left the popover's own box a named element outside
            any dialog or landmark, which axe reports (issue 30). */}
        <Popover className="doc-popover" placement="top start" aria-labelledby={titleId}>
          <div className="doc-popover__inner">
            <p className="doc-popover__title" id={titleId}>
              Select documents for Gene to analyse
            </p>
            {error && <p className="doc-popover__empty">{error}</p>}
            {!error && documents.length === 0 && (
              <p className="doc-popover__empty">No documents yet. Upload records on the Documents page.</p>
            )}
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
          </div>
        </Popover>
      </DialogTrigger>
      {/* Said beside the picker, not only inside it: the reader sees it without opening the popup. */}
      {error && onRetry && (
        <LoadError size="sm" tone="warning" retrying={retrying} onRetry={onRetry} className="doc-selector__error">
          {error}
        </LoadError>
      )}
      {chosen.length > 0 && (
        <ul className="doc-chips" aria-label="Selected documents" ref={chips}>
          {chosen.map((id) => (
            <li key={id} className="doc-chip">
              <span className="doc-chip__name">{byId.get(id)?.originalName}</span>
              <button
                type="button"
                className="doc-chip__remove"
                data-chip-id={id}
                aria-label={`Remove ${byId.get(id)?.originalName}`}
                onClick={() => remove(id)}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
