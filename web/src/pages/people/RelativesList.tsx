import type { Relative } from '@gnology/contracts';
import { Link } from 'react-router';
import { relationLabel } from './peopleFormat';

/** Spouses, parents, children and siblings the documents name, each a link to their own page. */
export function RelativesList({ relatives }: { relatives: Relative[] }) {
  return (
    <section className="person-section" aria-labelledby="person-relatives-title">
      <h2 id="person-relatives-title" className="person-section__title">
        Relatives
      </h2>
      {relatives.length === 0 ? (
        <p className="person-section__empty">No relatives found in the documents yet.</p>
      ) : (
        <ul className="relatives">
          {relatives.map((r) => (
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
