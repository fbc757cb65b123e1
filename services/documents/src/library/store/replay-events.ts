import type { DocumentsDb } from './documents-store';

/**
 * The next `limit` completed documents after `after` (by id), with what `document.processed`
 * carries, locked (`for update`) in the caller's transaction: an edit or a processing run that
 * commits at the same time writes its own event after the replayed one, never before.
 */
export async function lockCompletedBatch(trx: DocumentsDb, p: { after: string; limit: number; ownerId?: string }) {
  let q = trx
    .selectFrom('documents')
    .select([
      'id',
      'owner_id',
      'document_type',
      'mimetype',
      'page_count',
      'text_length',
      'ocr_pages',
      'extraction_method',
      'processed_at',
      'people_identified',
      'person_details',
      'date_info',
      'geographical_info',
      'occupations',
      'tags',
    ])
    .where('processing_status', '=', 'completed')
    .where('id', '>', p.after)
    .orderBy('id')
    .limit(p.limit)
    .forUpdate();
  if (p.ownerId !== undefined) q = q.where('owner_id', '=', p.ownerId);
  return q.execute();
}
