import type { DocumentRecord, PageWordsResponse } from '@gnology/contracts';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { findMatches, matchRects, type Rect } from './highlight';
import { PageTextLayer } from './PageTextLayer';
import { ZoomableImage } from './ZoomableImage';
import './page-text.css';

export const fetchPageWords = (documentId: string, page: number) =>
  api<PageWordsResponse>(`/api/documents/${documentId}/pages/${page}/words`);

const count = (n: number) => (n === 1 ? '1 match' : `${n} matches`);

/** The smallest box around some boxes. */
function around(rects: readonly Rect[]): Rect | null {
  if (!rects.length) return null;
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.w));
  const bottom = Math.max(...rects.map((r) => r.y + r.h));
  return { x: left, y: top, w: right - left, h: bottom - top };
}

/**
 * A scan in the viewer with its words (issue 14, word positions): the zoomable image, its OCR'd
 * text laid over it (selectable), and `highlight` (a search, a cited name, a person picked from the
 * document's people) marked wherever it is on the page, the first match zoomed to and centred.
 * A page read from a PDF text layer has no word positions: it shows as before, and a highlight
 * says so. `onHighlight` changes or clears the highlight (the viewer keeps it in the URL).
 */
export function ScanWithWords({
  doc,
  page,
  src,
  alt,
  onError,
  highlight,
  onHighlight,
}: {
  doc: DocumentRecord;
  page: number;
  src: string;
  alt: string;
  onError: () => void;
  highlight?: string | null;
  onHighlight?: (query: string | null) => void;
}) {
  const words = useQuery({
    queryKey: ['page-words', doc._id, page],
    queryFn: () => fetchPageWords(doc._id, page),
    enabled: doc.processingStatus === 'completed',
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  const list = words.data?.words ?? [];
  const query = highlight?.trim() ?? '';
  const matches = useMemo(() => (query ? findMatches(list, query) : []), [list, query]);
  const hits = useMemo(() => new Set(matches.flat()), [matches]);
  // One box per line of each match; two phrases found on the same words draw it once.
  const marks = useMemo(() => {
    const all = matches.flatMap((m) => matchRects(list, m));
    return all.filter((r, i) => all.findIndex((o) => o.x === r.x && o.y === r.y && o.w === r.w && o.h === r.h) === i);
  }, [list, matches]);
  const first = matches[0] ? around(matchRects(list, matches[0])) : null;
  const people = [...new Set(doc.peopleIdentified.map((p) => p.name.trim()).filter(Boolean))];

  let status = '';
  if (query) {
    if (doc.processingStatus !== 'completed')
      status = `“${query}” can be highlighted once this document has been read.`;
    else if (words.isPending) status = `Finding “${query}” on this page…`;
    else if (words.isError) status = `Could not load this page’s words, so “${query}” cannot be shown on it.`;
    else if (!list.length) status = `No word positions for this page, so “${query}” cannot be shown on the image.`;
    else if (!matches.length)
      status = `“${query}” is not on this page${doc.pageImages.length > 1 ? '. Try the other pages' : ''}.`;
    else status = `“${query}”: ${count(matches.length)} on this page, highlighted.`;
  }

  return (
    <>
      {(query || (people.length > 0 && list.length > 0)) && (
        <div className="scan-find">
          {people.length > 0 && list.length > 0 && (
            <ul className="scan-find__people" aria-label="Find a person on this page">
              {people.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    className="pill scan-find__person"
                    aria-pressed={name.toLowerCase() === query.toLowerCase()}
                    onClick={() => onHighlight?.(name.toLowerCase() === query.toLowerCase() ? null : name)}
                  >
                    <Search size={14} aria-hidden="true" /> {name}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {/* Always present, so a person picked above is announced when found (a new live region may not be). */}
          <div className="scan-find__status">
            <p role="status">{status}</p>
            {query && onHighlight && (
              <button
                type="button"
                className="pill scan-find__clear"
                onClick={(event) => {
                  // The button goes with the highlight: keep focus in the viewer, or Escape no longer closes it.
                  event.currentTarget.closest<HTMLElement>('[role="dialog"]')?.focus();
                  onHighlight(null);
                }}
              >
                <X size={14} aria-hidden="true" /> Clear highlight
              </button>
            )}
          </div>
        </div>
      )}
      <ZoomableImage
        src={src}
        alt={alt}
        onError={onError}
        focus={first}
        overlay={
          list.length > 0
            ? (aspect) => <PageTextLayer words={list} hits={hits} marks={marks} aspect={aspect} />
            : undefined
        }
      />
    </>
  );
}
