import type { Conflict } from '@gnology/contracts';
import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { viewerHref } from '../../lib/document-urls';
import { conflictLabel } from './peopleFormat';

/** The conflicts a researcher must resolve (Genealogical Proof Standard), each with the documents that disagree. */
export function ConflictList({
  conflicts,
  fileNames,
}: {
  conflicts: Conflict[];
  fileNames: ReadonlyMap<string, string>;
}) {
  if (conflicts.length === 0) return null;
  return (
    <section className="person-section person-conflicts" aria-labelledby="person-conflicts-title">
      <h2 id="person-conflicts-title" className="person-section__title person-conflicts__title">
        <AlertTriangle size={20} aria-hidden="true" />
        Conflicts to resolve ({conflicts.length})
      </h2>
      <ul className="person-conflicts__list">
        {conflicts.map((c) => (
          <li key={`${c.kind}|${c.message}`} className="person-conflicts__item">
            <strong className="person-conflicts__kind">{conflictLabel(c.kind)}</strong>
            <p className="person-conflicts__message">{c.message}</p>
            {c.documentIds.length > 0 && (
              <p className="person-conflicts__docs">
                Documents:{' '}
                {c.documentIds.map((id, i) => (
                  <span key={id}>
                    {i > 0 && ', '}
                    <Link to={viewerHref(id)}>{fileNames.get(id) ?? 'a document'}</Link>
                  </span>
                ))}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
