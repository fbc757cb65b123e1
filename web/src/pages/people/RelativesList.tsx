import type { Relation, Relative } from '@gnology/contracts';
import { Link } from 'react-router';
import { relationLabel } from './peopleFormat';

const ORDER: Record<Relation, number> = { parent: 0, sibling: 1, spouse: 2, child: 3 };

/** Parents, siblings, spouses and children the documents name (in that order), each a link to their own page. */
export function RelativesList({ relatives }: { relatives: Relative[] }) {
  return (
    <section className="person-section" aria-labelledby="person-relatives-title">
      <h2 id="person-relatives-title" className="person-section__title">
        Relatives
      </h2>
      {relatives.length === 0 ? (
        <p className="person-section__empty">No relatives found in the documents yet.</p>
      ) : (
        <ul className="plain-list">
          {[...relatives]
            .sort((a, b) => ORDER[a.relation] - ORDER[b.relation])
            .map((r) => (
              <li key={`${r.relation}|${r.individualId}`} className="relatives__item">
                <span className="relatives__relation">{relationLabel(r.relation)}</span>
                <Link to={`/people/${r.individualId}`}>{r.name}</Link>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
