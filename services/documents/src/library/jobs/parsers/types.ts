import type { DocumentProcessingStep, OcrLanguage } from '@gnology/contracts';
import type { DocumentKind } from '../../domain/file-types';
import type { ParsedPage } from '../../domain/parsed-page';
import type { OcrWord } from '../../../photos/domain/ocr-words';
import type { OcrEngine } from '../ocr-pool';

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
