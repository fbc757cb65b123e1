import { writeEvent } from '@gnology/platform/events/outbox';
import { notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import type { DocumentsDeps } from '../../context';
import { documentEvent } from '../domain/document-events';
import { LANE_QUEUES, laneOf } from '../domain/processing-lanes';
import { processingJobId } from '../jobs/enqueue';
import { type DocumentsDb, deleteOwnedDocumentRow } from '../store/documents-store';
import { documentPrefix } from '../domain/object-keys';
import { DOCUMENT_NOT_FOUND } from './read-documents';

/**
 * Deletes the user's document: the record and its `document.deleted` event first, in one
 * transaction; its stored objects after (a leftover object is harmless and unreachable). Its
 * processing job is cancelled (issue 30, point 2): one still waiting is removed from its queue;
 * one running sees the row gone within a second and stops quietly (jobs/process-document.ts).
 */
export async function deleteOwnDocument(
  deps: Pick<DocumentsDeps, 'database' | 'storage' | 'queue'>,
  id: string,
  userId: string,
  opts: { requestId?: string; log: { warn: (obj: object, msg: string) => void } },
): Promise<void> {
  if (!OBJECT_ID.test(id)) throw notFound(DOCUMENT_NOT_FOUND);
  const db: DocumentsDb = deps.database.db;
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await deleteOwnedDocumentRow(trx, id, userId);
    if (row)
      await writeEvent(
        trx,
        documentEvent(
          'document.deleted',
          id,
          { documentId: id, ownerId: userId, deletedAt: new Date().toISOString() },
          opts.requestId,
        ),
      );
    return row;
  });
  if (!deleted) throw notFound(DOCUMENT_NOT_FOUND);
  const jobId = processingJobId({ id, reprocessCount: deleted.reprocess_count });
  await deps.queue
    .removeWaiting?.(LANE_QUEUES[laneOf(deleted.kind)], jobId)
    .catch((err) => opts.log.warn({ err, documentId: id, jobId }, 'could not remove the waiting processing job'));
  await deps.storage
    .deletePrefix(documentPrefix(deleted.owner_id, id))
    .catch((err) => opts.log.warn({ err, documentId: id }, 'could not delete stored objects'));
}
