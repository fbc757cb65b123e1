import { z } from 'zod';

/**
 * One OCR'd word on a page and where it sits (issue 14, word positions): the box as 0–1 fractions
 * of the upright page image's width and height, so the viewer can lay it over the image at any
 * zoom. `confidence` is the OCR engine's for the word (0–100).
 */
export const PageWordBox = z.object({
  text: z.string(),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
  confidence: z.number().min(0).max(100),
});
export type PageWordBox = z.infer<typeof PageWordBox>;

export const PageWordsParams = z.object({
  id: z.string(),
  pageNumber: z.coerce.number().int().min(1),
});

/**
 * GET /api/documents/:id/pages/:pageNumber/words: the page's words in reading order. Empty for a
 * page whose text came from a PDF text layer or a file (it was not OCR'd), or read before word
 * positions were kept.
 */
export const PageWordsResponse = z.object({
  pageNumber: z.number().int().min(1),
  words: z.array(PageWordBox),
});
export type PageWordsResponse = z.infer<typeof PageWordsResponse>;

/** GET /api/documents/:id/searchable-pdf (issue 31, point 6): a document with no OCR'd words has nothing to make searchable. */
export const SEARCHABLE_PDF_NO_WORDS_MESSAGE =
  'This document has no words read from a scan, so there is nothing to make searchable. Searchable PDFs are made of scanned pages and photos of records once their text has been read.';
/** …and one still being read has no words yet. */
export const SEARCHABLE_PDF_NOT_READY_MESSAGE =
  'This document is still being read. The searchable PDF can be made once its text has been read.';

/**
 * The searchable PDF's file name: the document's name without its extension, marked as the
 * searchable copy (so it never takes the place of an original PDF of the same name in a
 * downloads folder). Path separators and control characters become "_"; at most 120 characters.
 */
export function searchablePdfFileName(originalName: string): string {
  const base = originalName
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .replace(/[\\/\p{Cc}]/gu, '_')
    .trim()
    .slice(0, 120);
  return `${base || 'document'} (searchable).pdf`;
}
