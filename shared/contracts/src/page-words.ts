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
