import type { Evidence } from '@gnology/contracts';
import { Scissors } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from '../../components/ui';
import { typeLabel } from '../../lib/document-labels';
import { viewerHref } from '../../lib/document-urls';
import { canSplit, evidenceRoleLabel, formatRecordDate, plural } from './peopleFormat';

/**
 * Every mention the individual is built from: the document (opening the viewer at the page, the
 * name highlighted), the role, the date and place. Mentions can be chosen and split into a new
 * person when grouping joined two people who are not the same.
 */
export function EvidenceTable({
  evidence,
  onSplit,
}: {
  evidence: Evidence[];
  /** Absent where mentions cannot be split off (a tree person's linked documents: issue 32). */
  onSplit?: (mentionIds: string[]) => Promise<void>;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const splittable = onSplit !== undefined && evidence.length > 1;
  const split = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSplit?.(evidence.filter((e) => chosen.has(e.mentionId)).map((e) => e.mentionId));
      setChosen(new Set());
    } catch {
      setError('The mentions could not be split off. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="person-section" aria-labelledby="person-evidence-title">
      <h2 id="person-evidence-title" className="person-section__title">
        Evidence ({evidence.length})
      </h2>
      <div className="evidence-wrap">
        <table className="evidence">
          <thead>
            <tr>
              {splittable && (
                <th scope="col">
                  <span className="visually-hidden">Choose to split</span>
                </th>
              )}
              <th scope="col">Document</th>
              <th scope="col">Name as written</th>
              <th scope="col">Role</th>
              <th scope="col">Date</th>
              <th scope="col">Place</th>
            </tr>
          </thead>
          <tbody>
            {evidence.map((e) => {
              return (
                <tr key={e.mentionId} className={chosen.has(e.mentionId) ? 'evidence__row--chosen' : undefined}>
                  {splittable && (
                    <td className="evidence__choose">
                      <label className="touch-check">
                        <input
                          type="checkbox"
                          checked={chosen.has(e.mentionId)}
                          onChange={() => toggle(e.mentionId)}
                          aria-label={`Choose ${e.nameAsWritten} in ${e.fileName}`}
                        />
                      </label>
                    </td>
                  )}
                  <td data-label="Document">
                    <div>
                      <Link to={viewerHref(e.documentId, e.page ?? undefined, e.nameAsWritten)}>
                        {e.fileName}
                        {e.page ? `, p. ${e.page}` : ''}
                      </Link>
                      <span className="evidence__type">{typeLabel(e.documentType)}</span>
                    </div>
                  </td>
                  <td data-label="Name as written">{e.nameAsWritten}</td>
                  <td data-label="Role">{evidenceRoleLabel(e)}</td>
                  <td data-label="Date">{formatRecordDate(e.date) || '—'}</td>
                  <td data-label="Place">{e.place || '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {splittable && (
        <div className="row-between">
          <p className="evidence-split__hint" aria-live="polite">
            {chosen.size === 0
              ? 'Not the same person in every document? Choose the mentions that belong to someone else.'
              : chosen.size === evidence.length
                ? 'Leave at least one mention with this person.'
                : `${plural(chosen.size, 'mention')} chosen.`}
          </p>
          <Button
            variant="secondary"
            icon={<Scissors size={18} />}
            busy={busy}
            disabled={!canSplit(chosen.size, evidence.length)}
            onClick={() => void split()}
          >
            Split into a new person
          </Button>
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}
