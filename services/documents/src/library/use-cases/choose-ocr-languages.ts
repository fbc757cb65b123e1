import type { DocumentsDeps } from '../../context';
import type { OcrLanguage } from '@gnology/contracts';
import type { DocumentsDb } from '../store/documents-store';
import { getOcrLanguages, saveOcrLanguages } from '../store/ocr-settings-store';

/** The languages the user's scanned documents are read in (English until they choose). */
export async function readOcrSettings(
  deps: Pick<DocumentsDeps, 'database'>,
  userId: string,
): Promise<{ languages: OcrLanguage[] }> {
  const db: DocumentsDb = deps.database.db;
  return { languages: await getOcrLanguages(db, userId) };
}

/** The user's choice, for uploads from now on; documents already read keep theirs. */
export async function chooseOcrLanguages(
  deps: Pick<DocumentsDeps, 'database'>,
  userId: string,
  languages: OcrLanguage[],
): Promise<{ languages: OcrLanguage[] }> {
  const db: DocumentsDb = deps.database.db;
  await saveOcrLanguages(db, userId, languages);
  return { languages };
}
