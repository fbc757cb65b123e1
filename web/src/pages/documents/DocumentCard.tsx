import type { DocumentRecord } from '@gnology/contracts';
import { Calendar, Eye, FileText, MapPin, Trash2, Users } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../components/ui';
import { isImage, isPdf, kindLabel } from '../../lib/document-kinds';
import { personLabel, typeLabel } from '../../lib/document-labels';
import { thumbnailUrl } from '../../lib/document-urls';
import { formatDate, formatSize } from '../../lib/format';
import { JournalPanel } from './JournalPanel';
import { isProcessing, processingLabel } from './documentsQuery';

const MAX_CHIPS = 6;

/** One document in the list: 150 px thumbnail, name, status, and the people, dates and places found. */
export function DocumentCard({
  doc,
  deleting,
  onView,
  onDelete,
}: {
  doc: DocumentRecord;
  deleting: boolean;
  onView: () => void;
  onDelete: () => void;
}) {
  const [thumbFailed, setThumbFailed] = useState(false);
  const completed = doc.processingStatus === 'completed';
  // The same words as the upload panel's, from the same processing-task step.
  const status = processingLabel(doc);
  const viewable = completed && (isImage(doc) || isPdf(doc) || doc.textLength > 0);

  return (
    <li className="doc-card">
      <div className="doc-card__thumb">
        {doc.hasThumbnail && !thumbFailed ? (
          <img
            src={thumbnailUrl(doc)}
            alt=""
            width={150}
            height={150}
            loading="lazy"
            onError={() => setThumbFailed(true)}
          />
        ) : (
          <div className="no-preview doc-card__placeholder" aria-hidden="true">
            <FileText size={36} />
            <span>
              {isImage(doc) || isPdf(doc)
                ? isProcessing(doc)
                  ? 'Preview on its way'
                  : 'No Preview'
                : kindLabel(doc.mimetype)}
            </span>
          </div>
        )}
      </div>
      <div className="doc-card__body">
        <div className="doc-card__head">
          <h3 className="doc-card__name">{doc.originalName}</h3>
          <span
            className={`status ${completed ? 'status--completed' : doc.processingStatus === 'failed' ? 'status--failed' : 'status--pending'}`}
          >
            {status}
          </span>
        </div>
        <p className="doc-card__meta">
          {typeLabel(doc.documentType)} · {kindLabel(doc.mimetype)} · {formatSize(doc.size)} · Uploaded{' '}
          {formatDate(doc.uploadedAt)}
          {doc.pageCount && doc.pageCount > 1 ? ` · ${doc.pageCount} pages` : ''}
        </p>
        {doc.processingStatus === 'failed' && doc.processingError && (
          <p className="doc-card__error">{doc.processingError}</p>
        )}
        {completed && doc.journal && <JournalPanel journal={doc.journal} />}
        {completed && (
          <dl className="doc-facts">
            <FactRow
              icon={<Users size={16} aria-hidden="true" />}
              label="People"
              items={doc.peopleIdentified.map((p) => {
                const label = personLabel(doc, p);
                return {
                  key: `${p.name}|${p.role}`,
                  content: (
                    <>
                      {label.name} <span className="chip__note">({label.role})</span>
                    </>
                  ),
                };
              })}
            />
            <FactRow
              icon={<Calendar size={16} aria-hidden="true" />}
              label="Dates"
              items={doc.dateInfo.map((d) => ({
                key: `${d.original}|${d.normalized}`,
                title: d.normalized,
                content: d.original,
              }))}
            />
            <FactRow
              icon={<MapPin size={16} aria-hidden="true" />}
              label="Places"
              items={doc.geographicalInfo.map((g) => ({
                key: `${g.kind}|${g.name}`,
                content: `${g.name}${g.state && g.kind === 'town' ? `, ${g.state}` : ''}`,
              }))}
            />
          </dl>
        )}
        <div className="doc-card__actions">
          {viewable && (
            <Button
              variant="secondary"
              size="sm"
              icon={<Eye size={16} />}
              onClick={onView}
              aria-label={`View ${doc.originalName}`}
            >
              View
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            icon={<Trash2 size={16} />}
            onClick={onDelete}
            busy={deleting}
            aria-label={`Delete ${doc.originalName}`}
          >
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** One kind of extracted fact (people, dates, places) as chips: the first few, then "+N more", which shows the rest. */
function FactRow({
  icon,
  label,
  items,
}: {
  icon: ReactNode;
  label: string;
  items: { key: string; content: ReactNode; title?: string }[];
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const hidden = items.length - MAX_CHIPS;
  const shown = expanded ? items : items.slice(0, MAX_CHIPS);
  return (
    <div className="doc-facts__row">
      <dt>
        {icon} {label}
      </dt>
      <dd>
        {items.length ? (
          <ul className="chips" id={listId}>
            {shown.map((item) => (
              <li key={item.key} className="chip" title={item.title}>
                {item.content}
              </li>
            ))}
            {hidden > 0 && (
              <li className="chips__toggle-item">
                <button
                  type="button"
                  className="chip chip--more"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  onClick={() => setExpanded((e) => !e)}
                >
                  {expanded ? 'Show fewer' : `+${hidden} more`}
                  <span className="visually-hidden"> {label.toLowerCase()}</span>
                </button>
              </li>
            )}
          </ul>
        ) : (
          <span className="doc-facts__none">None found</span>
        )}
      </dd>
    </div>
  );
}
