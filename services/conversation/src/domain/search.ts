import { escapeHtml, foldAligned } from './text';

/** A word of the query and the spellings it also stands for (equivalents and similar vocabulary). */
export interface ExpandedWord {
  word: string;
  alternatives: string[];
}

/**
 * The to_tsquery text of each query word: the word OR'ed with its alternatives (the search ANDs
 * the words). Words are [a-z0-9]+ (see queryWords), so nothing in them is tsquery syntax.
 */
export function tsQueryGroups(words: ExpandedWord[]): string[] {
  return words.map(({ word, alternatives }) => {
    const all = [...new Set([word, ...alternatives])].filter((w) => /^[a-z0-9]+$/.test(w));
    return all.length === 1 ? all[0]! : `(${all.join(' | ')})`;
  });
}

/** Sentinels ts_headline wraps matches in; the answer's HTML is built from them after escaping. */
export const HEADLINE_START = '\u0001';
export const HEADLINE_STOP = '\u0002';
export const HEADLINE_OPTIONS = `StartSel=${HEADLINE_START}, StopSel=${HEADLINE_STOP}, MaxWords=32, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** ts_headline's output → escaped HTML whose only markup is <mark>. */
export function headlineToHtml(headline: string): string {
  return escapeHtml(headline.replace(/\s+/g, ' ').trim())
    .split(HEADLINE_START)
    .join('<mark>')
    .split(HEADLINE_STOP)
    .join('</mark>');
}

/**
 * A cheap preview for the messages after the best one (ts_headline costs ~0.2 ms a call, so it
 * runs for one message per conversation only): an excerpt around the first word that starts
 * with one of the terms, escaped, with the matches marked.
 */
export function excerptHtml(text: string, terms: string[], maxLength = 220): string {
  const folded = foldAligned(text);
  const stems = [
    ...new Set(terms.filter((t) => t.length >= 2).map((t) => (t.length > 5 ? t.slice(0, t.length - 1) : t))),
  ];
  if (stems.length === 0) return escapeHtml(clip(text, 0, maxLength));
  const pattern = new RegExp(`\\b(?:${stems.map(escapeRegExp).join('|')})[a-z0-9]*`, 'g');
  const first = pattern.exec(folded);
  const start = first ? Math.max(0, first.index - Math.floor(maxLength / 3)) : 0;
  const wordStart = start === 0 ? 0 : Math.max(start, folded.indexOf(' ', start) + 1);
  const end = Math.min(text.length, wordStart + maxLength);
  const piece = text.slice(wordStart, end);
  const foldedPiece = folded.slice(wordStart, end);
  let html = '';
  let last = 0;
  pattern.lastIndex = 0;
  for (const m of foldedPiece.matchAll(pattern)) {
    html +=
      escapeHtml(piece.slice(last, m.index)) +
      '<mark>' +
      escapeHtml(piece.slice(m.index, m.index + m[0].length)) +
      '</mark>';
    last = m.index + m[0].length;
  }
  html += escapeHtml(piece.slice(last));
  const prefix = wordStart > 0 ? '… ' : '';
  const suffix = end < text.length ? ' …' : '';
  return (prefix + html + suffix).replace(/\s+/g, ' ').trim();
}

function clip(text: string, start: number, length: number): string {
  const piece = text.slice(start, start + length);
  return piece.length < text.length - start ? `${piece} …` : piece;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
