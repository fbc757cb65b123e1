/**
 * Finding a search term among a page's OCR'd words (issue 14, word positions), with no DOM: the
 * viewer highlights each match over the page image. Case and accents do not matter ("Müller"
 * finds "MULLER", "Zoë" finds "Zoe"), nor punctuation ("Turner," is "Turner"); a phrase matches
 * the same words one after another, across line breaks, and a hyphenated word counts as its parts
 * ("Mary-Ellen" is found by "Mary Ellen").
 */

export interface WordBox {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** At most this many terms (phrases) in one query, and words in one phrase: a query is typed or a name. */
const MAX_TERMS = 10;
const MAX_PHRASE_WORDS = 12;

/** Lower case, accents and other marks removed, ß as ss, ligatures as their letters (NFKD). */
export function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

/** The searchable tokens of a piece of text: runs of letters and digits, folded. */
export function tokens(s: string): string[] {
  return fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The terms of a query: each "quoted phrase", and each part between commas or semicolons, is one
 * phrase ("Mary Ellen Turner, Boston" looks for the name and for the town). Duplicates are dropped.
 */
export function queryPhrases(query: string): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  const add = (part: string) => {
    const t = tokens(part).slice(0, MAX_PHRASE_WORDS);
    const key = t.join(' ');
    if (t.length && !seen.has(key) && out.length < MAX_TERMS) {
      seen.add(key);
      out.push(t);
    }
  };
  const rest = query.replace(/["“”„]([^"“”„]*)["“”„]/g, (_m, quoted: string) => {
    add(quoted);
    return ',';
  });
  for (const part of rest.split(/[,;]/)) add(part);
  return out;
}

/**
 * Every match of the query among the words, in reading order: each match is the indices of the
 * words it covers. Matches of one phrase do not overlap; matches of different phrases may.
 */
export function findMatches(words: readonly Pick<WordBox, 'text'>[], query: string): number[][] {
  const phrases = queryPhrases(query);
  if (!phrases.length || !words.length) return [];
  // The page as one stream of tokens, each remembering the word it came from.
  const stream: { token: string; word: number }[] = [];
  words.forEach((w, i) => {
    for (const t of tokens(w.text)) stream.push({ token: t, word: i });
  });
  const matches: number[][] = [];
  for (const phrase of phrases) {
    for (let i = 0; i + phrase.length <= stream.length; ) {
      if (phrase.every((t, k) => stream[i + k]!.token === t)) {
        const covered = [...new Set(stream.slice(i, i + phrase.length).map((s) => s.word))];
        matches.push(covered);
        i += phrase.length;
      } else i++;
    }
  }
  return matches.sort((a, b) => a[0]! - b[0]! || a.length - b.length);
}

/**
 * The boxes to draw for one match: the words of each line merged into one box (a name that runs
 * onto the next line gets two). Words are on one line when their vertical middles are within half
 * a word's height of each other.
 */
export function matchRects(words: readonly WordBox[], match: readonly number[]): Rect[] {
  const rects: Rect[] = [];
  for (const i of match) {
    const w = words[i];
    if (!w) continue;
    const last = rects[rects.length - 1];
    const sameLine =
      last && Math.abs(last.y + last.h / 2 - (w.y + w.h / 2)) < Math.max(last.h, w.h) / 2 && w.x >= last.x;
    if (last && sameLine) {
      const right = Math.max(last.x + last.w, w.x + w.w);
      const bottom = Math.max(last.y + last.h, w.y + w.h);
      last.y = Math.min(last.y, w.y);
      last.w = right - last.x;
      last.h = bottom - last.y;
    } else rects.push({ x: w.x, y: w.y, w: w.w, h: w.h });
  }
  return rects;
}
