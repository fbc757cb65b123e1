/** One word tesseract read, with its confidence (0..100) and its box in the image's pixels. */
export interface OcrWord {
  text: string;
  confidence: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The words of tesseract's TSV output (level 5 rows; columns: level, page, block, paragraph,
 * line, word, left, top, width, height, conf, text). TSV is used rather than the `blocks` tree:
 * it is a string, cheap to pass back from the worker thread, and has all we need.
 */
export function wordsFromTsv(tsv: string | null | undefined): OcrWord[] {
  if (!tsv) return [];
  const words: OcrWord[] = [];
  for (const line of tsv.split('\n')) {
    const cols = line.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const text = cols.slice(11).join('\t').trim();
    const confidence = Number(cols[10]);
    if (!text || !Number.isFinite(confidence) || confidence < 0) continue;
    const [left, top, width, height] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    words.push({ text, confidence, left, top, width, height });
  }
  return words;
}
