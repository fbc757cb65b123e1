import { foldText, nameEquivalents } from '@gnology/contracts';

/**
 * A people search box's words as SQL LIKE patterns: accents folded, at most eight words, each word with its name
 * variants ("Jno" for John, "Whitfeild" for Whitfield). A name matches when every word matches one of its patterns.
 */
export function nameSearchPatterns(q: string | undefined): { word: string; patterns: string[] }[] {
  if (!q) return [];
  return foldText(q)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => ({ word, patterns: [word, ...nameEquivalents(word)].map((w) => `%${w}%`) }));
}
