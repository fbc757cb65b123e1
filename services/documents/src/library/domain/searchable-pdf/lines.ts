/** One OCR'd word and its box in the page image's pixels (top-left origin). */
export interface PixelWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Words that read as one line, in OCR's order, and the line's vertical extent in pixels. */
export interface WordLine {
  words: PixelWord[];
  top: number;
  bottom: number;
  /**
   * Where the line's letters sit: the median of its words' bottoms (most words have no descender,
   * so their box ends on the baseline), and the median height of its words above it (most words
   * have a capital or a tall letter).
   */
  baseline: number;
  height: number;
}

/**
 * Groups words (in OCR's reading order) into lines. The stored words keep no line numbers, so a
 * line is told by its geometry: the next word belongs to the current line while it overlaps the
 * line vertically by at least half its height (or the line's, if smaller) and lies to the right
 * of the word before; a word that sits lower or goes back to the left (the next line of a column,
 * the top of the next column) starts a new one. OCR's order is never changed: extraction then
 * gives the words as OCR read them, columns as columns.
 */
export function groupLines(words: readonly PixelWord[]): WordLine[] {
  const lines: WordLine[] = [];
  let current: WordLine | undefined;
  let previous: PixelWord | undefined;
  for (const word of words) {
    const bottom = word.top + word.height;
    if (current && previous && sameLine(current, previous, word)) {
      current.words.push(word);
      current.top = Math.min(current.top, word.top);
      current.bottom = Math.max(current.bottom, bottom);
    } else {
      current = { words: [word], top: word.top, bottom, baseline: bottom, height: word.height };
      lines.push(current);
    }
    previous = word;
  }
  for (const line of lines) {
    line.baseline = median(line.words.map((w) => w.top + w.height));
    line.height = Math.max(1, median(line.words.map((w) => line.baseline - w.top)));
  }
  return lines;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function sameLine(line: WordLine, previous: PixelWord, word: PixelWord): boolean {
  if (word.left <= previous.left) return false;
  const overlap = Math.min(line.bottom, word.top + word.height) - Math.max(line.top, word.top);
  return overlap >= 0.5 * Math.min(line.bottom - line.top, word.height);
}
