import { DEFAULT_OCR_LANGUAGES, type OcrLanguage, OcrLanguages } from '@gnology/contracts';

/** The languages a document is read in, as stored on it (upload or "Read again"); English if unreadable. */
export function documentLanguages(stored: unknown): readonly OcrLanguage[] {
  const parsed = OcrLanguages.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_OCR_LANGUAGES;
}
