// What the reading pipeline makes of one page, as the store keeps it: the parsers (jobs/parsers)
// write it, the store saves it, so it lives here where both may import it.

/** One page of a parsed document; a page image (PDF) is stored by the parser as it renders. */
export interface ParsedPage {
  pageNumber: number;
  text: string;
  ocr: boolean;
  imageKey: string | null;
  width: number | null;
  height: number | null;
  /** Mean word confidence of the OCR reading (0–100); null when the page's text came from a text layer or a file. */
  confidence: number | null;
  /** Clockwise quarter turns (0, 90, 180, 270) that made the page upright before it was read. */
  rotation: number;
  /** Degrees of skew straightened before reading (0 when the page was square). */
  skew: number;
  /** OCR'd pages: each word's box on the upright page image, as fractions of its width and height. */
  words: PageWord[];
}

/** One OCR'd word and where it sits on the upright page (0–1 of the page's width and height). */
export interface PageWord {
  text: string;
  confidence: number;
  x: number;
  y: number;
  w: number;
  h: number;
}
