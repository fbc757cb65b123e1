import type { RetrievedSource } from '@gnology/contracts';
import { viewerHref } from '../../lib/document-urls';
import './sources-used.css';

interface Props {
  sources: RetrievedSource[];
  /** Documents now selected: a pinned source shows as pinned. */
  selected: string[];
  /** Documents the next question's library search leaves out. */
  dropped: string[];
  onOpen(id: string, page?: number, q?: string): void;
  onPin(id: string): void;
  onDrop(id: string): void;
}

/**
 * "Sources used" under an answer (issue 16, decision 0170): the documents Gene read for it, the
 * ones selected for the question first (issue 30, point 1; marked "selected", read whole), then the
 * ones it found in the user's library. Pin adds a found one to the selection (it is read with every
 * question); Drop leaves it out of the next question's search.
 */
export function SourcesUsed({ sources, selected, dropped, onOpen, onPin, onDrop }: Props) {
  if (!sources.length) return null;
  return (
    <div className="sources-used">
      <span className="sources-used__label">Sources used:</span>
      <ul className="sources-used__list" aria-label="Sources used">
        {sources.map((s) => {
          const pinned = !s.selected && selected.includes(s.documentId);
          const isDropped = dropped.includes(s.documentId);
          const pages = s.pages.length ? `, p. ${[...s.pages].sort((a, b) => a - b).join(', ')}` : '';
          return (
            <li key={s.documentId} className={`sources-used__item${isDropped ? ' sources-used__item--dropped' : ''}`}>
              <a
                href={viewerHref(s.documentId, s.pages[0], s.highlight)}
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  onOpen(s.documentId, s.pages[0], s.highlight);
                }}
              >
                {s.originalName}
                {pages}
              </a>
              {s.selected ? (
                <span className="sources-used__state">selected</span>
              ) : pinned ? (
                <span className="sources-used__state">pinned</span>
              ) : (
                <button
                  type="button"
                  className="sources-used__action"
                  onClick={() => onPin(s.documentId)}
                  aria-label={`Pin ${s.originalName}: add it to the selected documents`}
                >
                  Pin
                </button>
              )}
              {s.selected ? null : isDropped ? (
                <span className="sources-used__state">dropped from the next question</span>
              ) : (
                !pinned && (
                  <button
                    type="button"
                    className="sources-used__action"
                    onClick={() => onDrop(s.documentId)}
                    aria-label={`Drop ${s.originalName} from the next question's search`}
                  >
                    Drop
                  </button>
                )
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
