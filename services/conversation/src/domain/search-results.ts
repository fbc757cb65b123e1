import type { SearchResult } from '@gnology/contracts';
import { stripMarkdown } from './plain-text';
import { type ExpandedWord, excerptHtml, headlineToHtml } from './search';

/** What the database knows of a query word: its surname equivalents and the user's similar terms. */
export interface WordAlternatives {
  word: string;
  equivalents: string[];
  similar: string[];
}

/** One row of the search query: a conversation, with one of its best messages (rn 1..3) when any matched. */
export interface SearchMatchRow {
  conversation_id: string;
  title: string;
  last_activity: Date;
  match_count: number;
  total: number;
  rn: string | number | null;
  type: 'user' | 'assistant' | null;
  created_at: Date | null;
  content_start: string | null;
  /** ts_headline of the best message only (rn 1). */
  headline: string | null;
  /** The start of the other messages, previewed here instead (ts_headline is costly). */
  content_head: string | null;
}

/** Whether a query word gets alternatives: digits (years) and very short words are searched as typed. */
export function isExpandable(word: string): boolean {
  return word.length >= 3 && !/^\d+$/.test(word);
}

/** Each query word with its alternatives, equivalents first (expandable words only). */
export function expandWords(words: string[], known: WordAlternatives[]): ExpandedWord[] {
  const byWord = new Map(known.map((k) => [k.word, k]));
  return words.map((word) => {
    const k = byWord.get(word);
    if (!k || !isExpandable(word)) return { word, alternatives: [] };
    return { word, alternatives: [...k.equivalents, ...k.similar] };
  });
}

/** The rows, best conversation first, grouped into one result per conversation with its previews. */
export function toSearchResults(
  rows: SearchMatchRow[],
  terms: string[],
): { results: SearchResult[]; totalFound: number } {
  const results: SearchResult[] = [];
  const byId = new Map<string, SearchResult>();
  let totalFound = 0;
  for (const row of rows) {
    totalFound = row.total;
    let result = byId.get(row.conversation_id);
    if (!result) {
      result = {
        conversationId: row.conversation_id,
        title: row.title,
        matchCount: row.match_count,
        lastActivity: new Date(row.last_activity).toISOString(),
        relevantMessages: [],
      };
      byId.set(row.conversation_id, result);
      results.push(result);
    }
    if (row.rn === null || row.type === null || row.created_at === null) continue;
    // Excerpts are plain text: Markdown marks would show as raw "##" and "**" (issue 13).
    const preview =
      row.headline !== null
        ? headlineToHtml(stripMarkdown(row.headline))
        : excerptHtml(stripMarkdown(row.content_head ?? ''), terms);
    result.relevantMessages.push({
      type: row.type,
      timestamp: new Date(row.created_at).toISOString(),
      content: stripMarkdown(row.content_start ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
      preview,
    });
  }
  return { results, totalFound };
}
