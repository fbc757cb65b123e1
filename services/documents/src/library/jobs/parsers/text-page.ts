import type { ParseResult } from './types';

/** A file whose whole text is one page, read from the file itself: no image, no OCR. */
export function oneTextPage(text: string): ParseResult {
  return {
    text,
    pages: [
      {
        pageNumber: 1,
        text,
        ocr: false,
        imageKey: null,
        width: null,
        height: null,
        confidence: null,
        rotation: 0,
        skew: 0,
        words: [],
      },
    ],
  };
}
