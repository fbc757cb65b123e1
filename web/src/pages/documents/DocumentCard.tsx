import { Calendar, Eye, FileText, MapPin, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui';
import { type DocumentRecord, describeStep, formatDate, formatSize, isImage, isPdf, kindLabel, roleLabel, thumbnailUrl, typeLabel } from './documentApi';

const MAX_CHIPS = 6;

/** One document in the list: 150 px thumbnail, name, status, and the people, dates and places found. */
export function DocumentCard({ doc, deleting, onView, onDelete }: { doc: DocumentRecord; deleting: boolean; onView: () => void; onDelete: () => void }) {
  const [thumbFailed, setThumbFailed] = useState(false);
  const completed = doc.processingStatus === 'completed';
  const status = completed ? 'Completed' : doc.processingStatus === 'failed' ? 'Failed' : doc.processingStatus === 'processing' ? describeStep(doc.processingStep) : 'Pending';
  const viewable = completed && (isImage(doc) || isPdf(doc) || doc.textLength > 0);
  const more = (n: number) => (n > MAX_CHIPS ? <li className="chip chip--more">+{n - MAX_CHIPS} more</li> : null);

  return (
    <li className="doc-card">
      <div className="doc-card__thumb">
        {doc.hasThumbnail && !thumbFailed ? (
          <img src={thumbnailUrl(doc)} alt="" width={150} height={150} loading="lazy" onError={() => setThumbFailed(true)} />
        ) : (
          <div className="doc-card__placeholder" aria-hidden="true">
            <FileText size={36} />
            <span>{isImage(doc) || isPdf(doc) ? 'No Preview' : kindLabel(doc.mimetype)}</span>
          </div>
        )}
      </div>
      <div className="doc-card__body">
        <div className="doc-card__head">
          <h3 className="doc-card__name">{doc.originalName}</h3>
          <span className={`status ${completed ? 'status--completed' : doc.processingStatus === 'failed' ? 'status--failed' : 'status--pending'}`}>{status}</span>
        </div>
        <p className="doc-card__meta">
          {typeLabel(doc.documentType)} · {kindLabel(doc.mimetype)} · {formatSize(doc.size)} · Uploaded {formatDate(doc.uploadedAt)}
          {doc.pageCount && doc.pageCount > 1 ? ` · ${doc.pageCount} pages` : ''}
        </p>
        {doc.processingStatus === 'failed' && doc.processingError && <p className="doc-card__error">{doc.processingError}</p>}
        {completed && (
          <dl className="doc-facts">
            <div className="doc-facts__row">
              <dt>
                <Users size={16} aria-hidden="true" /> People
              </dt>
              <dd>
                {doc.peopleIdentified.length ? (
                  <ul className="chips">
                    {doc.peopleIdentified.slice(0, MAX_CHIPS).map((p) => (
                      <li key={`${p.name}|${p.role}`} className="chip">
                        {p.name} <span className="chip__note">({roleLabel(p.role)})</span>
                      </li>
                    ))}
                    {more(doc.peopleIdentified.length)}
                  </ul>
                ) : (
                  <span className="doc-facts__none">None found</span>
                )}
              </dd>
            </div>
            <div className="doc-facts__row">
              <dt>
                <Calendar size={16} aria-hidden="true" /> Dates
              </dt>
              <dd>
                {doc.dateInfo.length ? (
                  <ul className="chips">
                    {doc.dateInfo.slice(0, MAX_CHIPS).map((d) => (
                      <li key={`${d.original}|${d.normalized}`} className="chip" title={d.normalized}>
                        {d.original}
                      </li>
                    ))}
                    {more(doc.dateInfo.length)}
                  </ul>
                ) : (
                  <span className="doc-facts__none">None found</span>
                )}
              </dd>
            </div>
            <div className="doc-facts__row">
              <dt>
                <MapPin size={16} aria-hidden="true" /> Places
              </dt>
              <dd>
                {doc.geographicalInfo.length ? (
                  <ul className="chips">
                    {doc.geographicalInfo.slice(0, MAX_CHIPS).map((g) => (
                      <li key={`${g.kind}|${g.name}`} className="chip">
                        {g.name}
                        {g.state && g.kind === 'town' ? `, ${g.state}` : ''}
                      </li>
                    ))}
                    {more(doc.geographicalInfo.length)}
                  </ul>
                ) : (
                  <span className="doc-facts__none">None found</span>
                )}
              </dd>
            </div>
          </dl>
        )}
        <div className="doc-card__actions">
          {viewable && (
            <Button variant="secondary" size="sm" icon={<Eye size={16} />} onClick={onView} aria-label={`View ${doc.originalName}`}>
              View
            </Button>
          )}
          <Button variant="ghost" size="sm" icon={<Trash2 size={16} />} onClick={onDelete} busy={deleting} aria-label={`Delete ${doc.originalName}`}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </div>
    </li>
  );
}
