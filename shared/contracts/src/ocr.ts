import { z } from 'zod';

/**
 * The languages GNology reads scanned pages in (issue 14): tesseract's codes, each shipped as an
 * `@tesseract.js-data/<code>` package of the documents service. `frk` is old German print
 * (Fraktur). English is every account's default; an account may choose others, and an upload may
 * override its account's choice.
 */
export const OCR_LANGUAGES = {
  eng: 'English',
  deu: 'German',
  frk: 'German (Fraktur)',
  fra: 'French',
  spa: 'Spanish',
  ita: 'Italian',
  nld: 'Dutch',
  por: 'Portuguese',
  pol: 'Polish',
  swe: 'Swedish',
  nor: 'Norwegian',
  dan: 'Danish',
  lat: 'Latin',
} as const;
export type OcrLanguage = keyof typeof OCR_LANGUAGES;
export const OCR_LANGUAGE_CODES = Object.keys(OCR_LANGUAGES) as [OcrLanguage, ...OcrLanguage[]];
export const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = ['eng'];
/** More languages at once make OCR slower and less sure of each; three covers a bilingual record and Latin. */
export const MAX_OCR_LANGUAGES = 3;

export const OcrLanguageCode = z.enum(OCR_LANGUAGE_CODES);
/** A choice of OCR languages: one to three, no repeats. */
export const OcrLanguages = z
  .array(OcrLanguageCode)
  .min(1, 'Choose at least one language.')
  .max(MAX_OCR_LANGUAGES, `Choose at most ${MAX_OCR_LANGUAGES} languages.`)
  .refine((langs) => new Set(langs).size === langs.length, 'Each language may be chosen once.');

/** Below this mean word confidence (0–100) a page is flagged "read with low confidence — check the image". */
export const LOW_OCR_CONFIDENCE = 60;
