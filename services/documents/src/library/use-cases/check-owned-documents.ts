import type { DocumentsDeps } from '../../context';
import type { DocumentsDb } from '../store/documents-store';
import { ownedDocumentIds } from '../store/owned-ids';

/** Which of `ids` are the user's documents (issue 13): unknown and foreign ids are absent. */
export async function ownedDocuments(
  deps: Pick<DocumentsDeps, 'database'>,
  userId: string,
  ids: readonly string[],
): Promise<{ ids: string[] }> {
  const db: DocumentsDb = deps.database.db;
  if (ids.length === 0) return { ids: [] };
  return { ids: await ownedDocumentIds(db, userId, [...new Set(ids)]) };
}
