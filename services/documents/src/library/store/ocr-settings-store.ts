import { DEFAULT_OCR_LANGUAGES, type OcrLanguage, OcrLanguages } from '@gnology/contracts';
import { sql } from 'kysely';
import type { DocumentsDb } from './documents-store';

/** The account's OCR languages (issue 14); English when it never chose, or its stored choice is no longer valid. */
export async function getOcrLanguages(db: DocumentsDb, ownerId: string): Promise<OcrLanguage[]> {
  const row = await db
    .selectFrom('ocr_settings')
    .select('languages')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  const parsed = OcrLanguages.safeParse(row?.languages);
  return parsed.success ? parsed.data : [...DEFAULT_OCR_LANGUAGES];
}

export async function saveOcrLanguages(
  db: DocumentsDb,
  ownerId: string,
  languages: readonly OcrLanguage[],
): Promise<void> {
  const value = JSON.stringify(languages);
  await db
    .insertInto('ocr_settings')
    .values({ owner_id: ownerId, languages: value })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ languages: value, updated_at: sql`now()` }))
    .execute();
}
