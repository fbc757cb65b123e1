// Error rates of a reading against the ground truth: in page order, line by line (order forgiven), and by words.
import { normalise } from './ground-truth';

/** Levenshtein distance between two sequences (characters or words). */
export function distance<T>(a: readonly T[], b: readonly T[]): number {
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

const chars = (s: string) => [...s];
const lines = (s: string) => s.split('\n').map(normalise).filter(Boolean);

/** Character error in page order: the whole text, lines joined by spaces, over the truth's length. */
export function pageCer(truth: string[], reading: string): number {
  const t = chars(truth.map(normalise).join(' '));
  const r = chars(lines(reading).join(' '));
  return t.length ? distance(t, r) / t.length : r.length ? 1 : 0;
}

/**
 * Character error line by line: each line of the truth is compared with the reading's line closest to it (each
 * reading line used once, longest truth lines first); a truth line with no reading left counts whole. Columns read in
 * another order cost nothing here: the gap between this and page-order CER is what reading order costs.
 */
export function lineMatchedCer(truth: string[], reading: string): number {
  const t = truth.map(normalise).filter(Boolean);
  const r = lines(reading).map(chars);
  const free = r.map(() => true);
  let errors = 0;
  let total = 0;
  for (const line of [...t].sort((a, b) => b.length - a.length)) {
    const c = chars(line);
    total += c.length;
    let best = c.length;
    let at = -1;
    for (let i = 0; i < r.length; i++) {
      if (!free[i] || Math.abs(r[i]!.length - c.length) >= best) continue;
      const d = distance(c, r[i]!);
      if (d < best) [best, at] = [d, i];
    }
    if (at >= 0) free[at] = false;
    errors += best;
  }
  return total ? errors / total : 0;
}

/** Word error rate in page order: words split on spaces, punctuation kept with its word. */
export function wordErrorRate(truth: string[], reading: string): number {
  const t = truth.map(normalise).join(' ').split(' ').filter(Boolean);
  const r = lines(reading).join(' ').split(' ').filter(Boolean);
  return t.length ? distance(t, r) / t.length : r.length ? 1 : 0;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length
    ? s.length % 2
      ? s[(s.length - 1) / 2]!
      : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
    : Number.NaN;
};
