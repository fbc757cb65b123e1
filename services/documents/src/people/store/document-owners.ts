import type { DocumentsDb } from '../../library/store/documents-store';

/** Up to `limit` owners with completed documents, in id order after `after` (the people index backfill's batches). */
export async function ownersWithCompletedDocuments(db: DocumentsDb, after: string | undefined, limit: number) {
  let q = db
    .selectFrom('documents')
    .select('owner_id')
    .distinct()
    .where('processing_status', '=', 'completed')
    .orderBy('owner_id')
    .limit(limit);
  if (after) q = q.where('owner_id', '>', after);
  return (await q.execute()).map((r) => r.owner_id);
}
