/*
 * Headings: newspaper headlines and section titles write every word with a capital ("County
 * Farmer's Son Wins Award", "OUTSTANDING DAIRY PROJECT"). The relationship and role phrases read
 * nothing there: "Son" in a headline is no one's son, and the capitalised words after it are no
 * name. A name in a heading still counts when it reads as one by itself (a known given name, a
 * title).
 */

const SMALL = new Set(
  'a an the of and or in on at to for by with from de la le les des du et au aux à en für und der die das von zu im am'.split(
    ' ',
  ),
);

const cache: { text: string | undefined; starts: number[]; lines: Map<number, boolean> } = {
  text: undefined,
  starts: [],
  lines: new Map(),
};

/** Whether the line holding offset `at` is a heading: 3 to 12 words, each capitalised, no digits, no clause punctuation. */
export function inHeading(text: string, at: number): boolean {
  if (cache.text !== text) {
    // The line starts once per text, so each question is a binary search: a long text of one line stays linear.
    cache.text = text;
    cache.starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) cache.starts.push(i + 1);
    cache.lines = new Map();
  }
  const starts = cache.starts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  const start = starts[lo]!;
  const known = cache.lines.get(start);
  if (known !== undefined) return known;
  const end = lo + 1 < starts.length ? starts[lo + 1]! - 1 : text.length;
  // A heading is short: a longer line is prose, whatever its words.
  const result = end - start <= 100 && isHeading(text.slice(start, end).trim());
  cache.lines.set(start, result);
  return result;
}

function isHeading(line: string): boolean {
  if (line.length > 100 || /\d|[,;:]|\.\s+\S/.test(line)) return false;
  const words = line.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length < 3 || words.length > 12) return false;
  return words.every((w) => SMALL.has(w.toLowerCase()) || /^["'“‘(«]?\p{Lu}/u.test(w));
}
