import type { TimelineEvent } from '@gnology/contracts';
import { Link } from 'react-router';
import { viewerHref } from '../../lib/document-urls';
import { eventLabel, formatRecordDate } from './peopleFormat';

/** The individual's life as the documents tell it, in the order the API gives (by date). */
export function PersonTimeline({ events, name }: { events: TimelineEvent[]; name: string }) {
  return (
    <section className="person-section" aria-labelledby="person-timeline-title">
      <h2 id="person-timeline-title" className="person-section__title">
        Timeline
      </h2>
      {events.length === 0 ? (
        <p className="person-section__empty">No dated events yet.</p>
      ) : (
        <ol className="timeline">
          {events.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two documents may tell the same event alike
            <li key={`${e.kind}|${e.documentId}|${i}`} className="timeline__event">
              <span className="timeline__when">
                {formatRecordDate(e.date) || (e.year !== null ? String(e.year) : 'Undated')}
              </span>
              <div className="timeline__what">
                <strong>{eventLabel(e.kind)}</strong>
                {e.place && <span> in {e.place}</span>}
                {e.detail && <span className="timeline__detail"> — {e.detail}</span>}
                <div className="timeline__source">
                  Source: <Link to={viewerHref(e.documentId, undefined, name)}>{e.fileName}</Link>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
