import { foldText } from '@gnology/contracts';

/**
 * Text folding shared by search and vocabulary: lowercase, accents removed the way Postgres'
 * unaccent does for the letters family records use. One rule with the library search's
 * (`foldText` in the contracts), so a name folds the same in chats and in documents.
 */
export const fold = foldText;

/**
 * Folds one character to one character (its base letter, lowercase), keeping string indexes
 * aligned with the original so a match found in the folded text can be cut from the original.
 */
export function foldAligned(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const base = ch.normalize('NFD')[0] ?? ch;
    out += base.length === 1 ? (base.toLowerCase()[0] ?? base) : ch;
  }
  return out;
}

/** The words of a search query, folded; only letters and digits survive, so they are safe in to_tsquery. */
export function queryWords(query: string): string[] {
  const words = fold(query)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, 12);
}

/**
 * The capitalised words of a text (likely surnames, given names and places), folded, for the
 * per-user vocabulary that expands misspelt surnames. Words of 3-40 letters only.
 */
export function vocabularyTerms(text: string, limit = 400): string[] {
  const terms = new Set<string>();
  for (const m of text.matchAll(/\b\p{Lu}[\p{L}'’]{2,39}\b/gu)) {
    const t = fold(m[0]).replace(/[^a-z]/g, '');
    if (t.length >= 3) terms.add(t);
    if (terms.size >= limit) break;
  }
  return [...terms];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
