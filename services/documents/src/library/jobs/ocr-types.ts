import type Tesseract from 'tesseract.js';
import type { OcrWord } from '../../photos/domain/ocr-words';

// The OCR pool and its reading steps (ocr-orientation.ts) share these types; apart, neither imports the other's module back.

/** One reading of a page image, turned and straightened as it had to be. */
export interface OcrResult {
  text: string;
  /** Mean word confidence, 0–100. */
  confidence: number;
  /** Each word, its confidence and its box in the pixels of the image as read (`upright` when there is one). */
  words: OcrWord[];
  /** Clockwise quarter turns given to the image before it read right (0, 90, 180, 270). */
  rotation: number;
  /** Degrees of skew tesseract straightened (0 when the page was square). */
  skew: number;
  /** Size of the image the words' boxes refer to. */
  width: number;
  height: number;
  /** The image as read, when it was turned or straightened (PNG); absent when the input was already upright. */
  upright?: Buffer;
}

/** What tesseract's orientation detection (OSD) says: turn the page this far clockwise to set it upright. */
export interface Orientation {
  degrees: number;
  confidence: number;
}

/**
 * What a recognition returns to the reading steps, from either engine (tesseract.js or the native CLI, decision 0237):
 * the text, tesseract's TSV (words, boxes, confidences, with their block, paragraph and line), the mean word
 * confidence, and the slope the page was straightened by (radians, clockwise; 0 when it was read as it came).
 */
export type PageReading = Pick<Tesseract.Page, 'text' | 'confidence' | 'tsv' | 'rotateRadians'> & {
  /** The straightened image as read (PNG), when the engine made it itself (native): not turned a second time. */
  straightened?: Buffer;
};

/** What one warm worker does for the reading steps (ocr-orientation.ts): recognise, and detect orientation. */
export interface PageReader {
  /** `rotateAuto` (default on): tesseract straightens the page as it reads. */
  recognize(image: Buffer, langs: string, opts?: { rotateAuto?: boolean }): Promise<PageReading>;
  detectOrientation(image: Buffer): Promise<Orientation | null>;
}
