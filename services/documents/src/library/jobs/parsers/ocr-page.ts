import type { OcrResult } from '../ocr-pool';
import type { PageWord } from '../../domain/parsed-page';

/** What a page keeps of its OCR reading: confidence, how it was turned, and its words' boxes as fractions of the page. */
export function ocrPage(read: OcrResult): { confidence: number; rotation: number; skew: number; words: PageWord[] } {
  const fx = read.width > 0 ? 1 / read.width : 0;
  const fy = read.height > 0 ? 1 / read.height : 0;
  const words = read.words.map((w) => ({
    text: w.text,
    confidence: Math.round(w.confidence),
    x: round(w.left * fx),
    y: round(w.top * fy),
    w: round(w.width * fx),
    h: round(w.height * fy),
  }));
  return { confidence: Math.round(read.confidence * 10) / 10, rotation: read.rotation, skew: read.skew, words };
}

/** Five decimals: a tenth of a pixel on a 10,000 px page, and a third of the JSON. */
const round = (n: number) => Math.round(n * 1e5) / 1e5;
