import type { SearchResponse } from '@gnology/contracts';
import type { ConversationDeps } from '../context';
import { tsQueryGroups } from '../domain/search';
import { expandWords, isExpandable, toSearchResults } from '../domain/search-results';
import { queryWords } from '../domain/text';
import { findAlternatives, findMatches } from '../store/search';

/**
 * Searches the user's own conversations: each query word also stands for its surname equivalents
 * and similar words of the user's vocabulary; titles and messages both count.
 */
export async function searchConversations(
  deps: Pick<ConversationDeps, 'database'>,
  userId: string,
  query: string,
  limit: number,
): Promise<SearchResponse> {
  const words = queryWords(query);
  if (words.length === 0) return { query, results: [], totalFound: 0 };
  const pool = deps.database.pool;
  // Only words that can get alternatives are looked up ("1850" alone needs no lookup at all).
  const expandable = words.filter(isExpandable);
  const known = expandable.length > 0 ? await findAlternatives(pool, userId, expandable) : [];
  const expanded = expandWords(words, known);
  const rows = await findMatches(pool, userId, tsQueryGroups(expanded), limit);
  return {
    query,
    ...toSearchResults(
      rows,
      expanded.flatMap((e) => [e.word, ...e.alternatives]),
    ),
  };
}
