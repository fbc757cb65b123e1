import type { Journal, JournalAncestor } from '@gnology/contracts';
import { BookOpen } from 'lucide-react';
import './journal-panel.css';

const yearOf = (date: string | undefined) => date?.match(/\b(1[4-9]\d\d|20\d\d)\b/)?.[1];

/** "1850–1920", "b. 1850", "d. 1920" or nothing: the years the journal gives. */
function lifeSpan(a: JournalAncestor): string {
  const born = yearOf(a.birth?.date) ?? yearOf(a.baptism?.date);
  const died = yearOf(a.death?.date) ?? yearOf(a.burial?.date);
  if (born && died) return `${born}–${died}`;
  if (born) return `b. ${born}`;
  return died ? `d. ${died}` : '';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A filled GNology Journal on its document card: each ancestor with birth–death years and places. */
export function JournalPanel({ journal }: { journal: Journal }) {
  const count = journal.ancestors.length;
  const extras = [
    journal.sourcesSearched.length
      ? plural(journal.sourcesSearched.length, 'kind of record searched', 'kinds of records searched')
      : '',
    journal.log.length ? plural(journal.log.length, 'research log entry', 'research log entries') : '',
  ].filter(Boolean);
  return (
    <section className="journal-panel" aria-label="GNology Journal">
      <h4 className="journal-panel__title">
        <BookOpen size={16} aria-hidden="true" /> Journal:{' '}
        {count ? plural(count, 'ancestor', 'ancestors') : 'no ancestors filled in yet'}
      </h4>
      {count > 0 && (
        <ol className="journal-panel__list">
          {journal.ancestors.map((a) => {
            const span = lifeSpan(a);
            const places = [a.birth?.place ?? a.baptism?.place, a.death?.place ?? a.burial?.place].filter(Boolean);
            return (
              <li key={a.number}>
                <span className="journal-panel__name">{a.name || `Ancestor ${a.number}`}</span>
                {span && <span className="journal-panel__span"> ({span})</span>}
                {places.length > 0 && <span className="journal-panel__places">{[...new Set(places)].join(' → ')}</span>}
              </li>
            );
          })}
        </ol>
      )}
      {extras.length > 0 && <p className="journal-panel__meta">{extras.join(' · ')}</p>}
    </section>
  );
}
