import type { LibraryPassage, RetrievedSource } from '@gnology/contracts';
import type { Clients } from '../clients';
import { fold } from '../domain/offline/names';
import { readQuestion } from '../domain/offline/question';
import type { ContextDocument } from '../providers/types';

/**
 * Gene searches the user's library (issue 16, decision 0170): with nothing selected, the five best
 * pages of the user's documents go into the prompt; beside a selection, three more from documents
 * not selected. Each found document is a context document of the pages that matched, marked
 * `retrieved`, so the prompt and the offline engine cite it by file and page like a selected one.
 * The search is a help, never a condition: if it fails the question is answered without it.
 */
export const LIBRARY_PASSAGES_ALONE = 5;
export const LIBRARY_PASSAGES_BESIDE_SELECTION = 3;

/** How long a question waits for the library search before going on without it (time to first token). */
const SEARCH_BUDGET_MS = 2_500;

export interface Retrieval {
  documents: ContextDocument[];
  sources: RetrievedSource[];
}

const NONE: Retrieval = { documents: [], sources: [] };

export async function retrieveFromLibrary(
  clients: Pick<Clients, 'searchLibrary'>,
  p: { userId: string; query: string; selectedIds: string[]; excludeIds?: string[]; requestType: string; onError?: (err: unknown) => void },
): Promise<Retrieval> {
  // "continue" writes the next part of a book: its question is not a search.
  if (/^\s*continue\W*$/i.test(p.query)) return NONE;
  const limit = p.selectedIds.length ? LIBRARY_PASSAGES_BESIDE_SELECTION : LIBRARY_PASSAGES_ALONE;
  const exclude = [...new Set([...p.selectedIds, ...(p.excludeIds ?? [])])];
  let timer: NodeJS.Timeout | undefined;
  try {
    const passages = await Promise.race([
      clients.searchLibrary(p.userId, p.query, limit, exclude),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('library search took too long')), SEARCH_BUDGET_MS);
      }),
    ]);
    // Whatever the answer holds, never a selected or dropped document.
    return fromPassages(
      passages.filter((x) => !exclude.includes(x.documentId)),
      p.query,
    );
  } catch (err) {
    p.onError?.(err);
    return NONE;
  } finally {
    clearTimeout(timer);
  }
}

/** Passages (best first) as one context document per document, its pages in page order; sources in rank order. */
export function fromPassages(passages: LibraryPassage[], query = ''): Retrieval {
  const names = query ? readQuestion(query.slice(0, 2_000)).names.filter((n) => n.split(/\s+/).length >= 2) : [];
  const byDoc = new Map<string, { passage: LibraryPassage; pages: { pageNumber: number; text: string }[] }>();
  for (const x of passages) {
    const entry = byDoc.get(x.documentId) ?? { passage: x, pages: [] };
    if (!entry.pages.some((pg) => pg.pageNumber === x.pageNumber)) entry.pages.push({ pageNumber: x.pageNumber, text: x.text });
    byDoc.set(x.documentId, entry);
  }
  const documents: ContextDocument[] = [];
  const sources: RetrievedSource[] = [];
  for (const { passage, pages } of byDoc.values()) {
    // Sources name the best page first (the one to open); the prompt reads pages in order.
    const ranked = pages.map((pg) => pg.pageNumber);
    pages.sort((a, b) => a.pageNumber - b.pageNumber);
    const best = fold(passage.text).replace(/\s+/g, ' ');
    const highlight = names.find((n) => best.includes(fold(n)));
    documents.push({
      _id: passage.documentId,
      originalName: passage.originalName,
      documentType: passage.documentType,
      extractedText: pages.map((pg) => pg.text).join('\n\n'),
      peopleIdentified: passage.peopleIdentified,
      pages,
      retrieved: true,
      ...(highlight ? { highlight } : {}),
    });
    sources.push({
      documentId: passage.documentId,
      originalName: passage.originalName,
      pages: ranked,
      ...(highlight ? { highlight } : {}),
      ...(passage.citation ? { citation: passage.citation.slice(0, 2_000) } : {}),
    });
  }
  return { documents, sources };
}
