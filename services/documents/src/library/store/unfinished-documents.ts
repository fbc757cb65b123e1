import type { DocumentProcessingStep } from '@gnology/contracts';
import { sql } from 'kysely';
import type { DocumentsDb } from './documents-store';

export interface UnfinishedDocument {
  id: string;
  kind: string;
  size: number;
  status: 'pending' | 'processing';
  /** The error of the last failed try, if any (shown when the sweep gives up on the document). */
  lastError: string | null;
  lastStep: DocumentProcessingStep | null;
  attempts: number;
  /** "Read again" runs so far (the current run's job id, jobs/enqueue.ts). */
  reprocessCount: number;
}

/**
 * Documents not finished and not touched for `quietFor` (an interval such as '2 minutes'):
 * pending since upload, or processing with no step saved since. A live job saves a step at
 * least every page, so a quiet one is either waiting its turn or has lost its job.
 */
export async function listQuietUnfinishedDocuments(
  db: DocumentsDb,
  quietFor: string,
  limit = 500,
): Promise<UnfinishedDocument[]> {
  const rows = await db
    .selectFrom('documents as d')
    .leftJoin('processing_tasks as t', 't.document_id', 'd.id')
    .select([
      'd.id',
      'd.kind',
      'd.size',
      'd.processing_status as status',
      't.error as lastError',
      't.step as lastStep',
      sql<number>`coalesce(t.attempts, 0)`.as('attempts'),
      'd.reprocess_count as reprocessCount',
    ])
    .where('d.processing_status', 'in', ['pending', 'processing'])
    .where(sql<boolean>`coalesce(t.updated_at, d.uploaded_at) < now() - ${quietFor}::interval`)
    .where('d.uploaded_at', '<', sql<Date>`now() - ${quietFor}::interval`)
    .orderBy('d.uploaded_at')
    .limit(limit)
    .execute();
  return rows as UnfinishedDocument[];
}
