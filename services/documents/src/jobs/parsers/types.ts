import type { DocumentProcessingStep, OcrLanguage } from '@gnology/contracts';
import type { DocumentKind } from '../../domain/file-types';
import type { OcrWord } from '../../domain/photos/ocr-words';
import type { OcrEngine } from '../ocr-pool';

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

export interface ParseResult {
  text: string;
  pages: ParsedPage[];
  /** A 150 px JPEG for images and page 1 of PDFs. */
  thumbnail?: Buffer;
  /** Images: the words OCR read, with their confidence (to tell a photo from a record scan). */
  ocrWords?: OcrWord[];
}

export interface ParseLimits {
  pdfPageLimit: number;
  maxImagePixels: number;
  docxMaxUncompressedBytes: number;
}

export interface ParseContext {
  /** The original file, downloaded to a private temp folder. */
  path: string;
  size: number;
  ocr: OcrEngine;
  /** The languages to read scanned pages in (the upload's choice, else the account's, else English). */
  languages: readonly OcrLanguage[];
  limits: ParseLimits;
  /** Stores a rendered page image and returns its key. */
  storePageImage(pageNumber: number, jpeg: Buffer): Promise<string>;
  progress(step: DocumentProcessingStep): Promise<void>;
  signal: AbortSignal;
}

/**
 * One parser per kind of file behind one protocol (as Paperless-ngx does per MIME type): it turns
 * a file into text, pages and a thumbnail, and throws PermanentProcessingError for files that
 * can never be read (damaged, too large, protected), so they fail at once instead of retrying.
 */
export interface DocumentParser {
  readonly kinds: readonly DocumentKind[];
  parse(ctx: ParseContext): Promise<ParseResult>;
}
