import type { DocumentsDb } from './documents-store';

/** The ids among `ids` of documents `ownerId` owns. */
export async function ownedDocumentIds(db: DocumentsDb, ownerId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}
