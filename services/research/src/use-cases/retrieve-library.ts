import type { Clients } from '../clients';
import { isBareContinue } from '../domain/asked';
import { fromPassages, type Retrieval } from '../domain/library-passages';
import { withinBudget } from './within-budget';

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

const NONE: Retrieval = { documents: [], sources: [] };

export async function retrieveFromLibrary(
  clients: Pick<Clients, 'searchLibrary'>,
  p: {
    userId: string;
    query: string;
    selectedIds: string[];
    excludeIds?: string[];
    requestType: string;
    onError?: (err: unknown) => void;
  },
): Promise<Retrieval> {
  // "continue" writes the next part of a book: its question is not a search.
  if (isBareContinue(p.query)) return NONE;
  const limit = p.selectedIds.length ? LIBRARY_PASSAGES_BESIDE_SELECTION : LIBRARY_PASSAGES_ALONE;
  const exclude = [...new Set([...p.selectedIds, ...(p.excludeIds ?? [])])];
  try {
    const passages = await withinBudget(
      clients.searchLibrary(p.userId, p.query, limit, exclude),
      SEARCH_BUDGET_MS,
      'library search took too long',
    );
    // Whatever the answer holds, never a selected or dropped document.
    return fromPassages(
      passages.filter((x) => !exclude.includes(x.documentId)),
      p.query,
    );
  } catch (err) {
    p.onError?.(err);
    return NONE;
  }
}
