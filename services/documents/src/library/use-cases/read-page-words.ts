import type { DocumentsDeps } from '../../context';
import type { PageWordBox } from '@gnology/contracts';
import { notFound } from '@gnology/platform/http/errors';
import type { DocumentsDb } from '../store/documents-store';
import { pageWords } from '../store/page-words-query';

/** Where each OCR'd word of a page (of a document already authorised) sits on its image; 404 for a page that is not there. */
export async function readPageWords(
  deps: Pick<DocumentsDeps, 'database'>,
  documentId: string,
  pageNumber: number,
): Promise<{ pageNumber: number; words: PageWordBox[] }> {
  const db: DocumentsDb = deps.database.db;
  const words = await pageWords(db, documentId, pageNumber);
  if (!words) throw notFound('Page not found');
  return { pageNumber, words };
}
