import type { DocumentProcessingStep } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { documentEvent } from '../domain/document-events';
import { type DocumentsDb, markCompleted, markFailed, type ProcessingResult } from '../store/documents-store';

/**
 * Marks the document completed and writes `document.processed`, once: the status change is
 * guarded (not already completed), so a job re-run after a crash between commit and
 * acknowledgement writes no second event. Returns false when nothing changed.
 */
export async function completeProcessing(
  db: DocumentsDb,
  id: string,
  r: ProcessingResult,
  requestId?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await markCompleted(trx, id, r);
    if (!row) return false;
    await writeEvent(
      trx,
      documentEvent(
        'document.processed',
        id,
        {
          documentId: id,
          ownerId: row.owner_id,
          documentType: r.entities.documentType,
          mimetype: row.mimetype,
          pageCount: r.pageCount,
          textLength: r.text.length,
          ocrPages: r.ocrPages,
          extractionMethod: r.extractionMethod,
          entities: r.entities,
          processedAt: (row.processed_at ?? new Date()).toISOString(),
        },
        requestId,
      ),
    );
    return true;
  });
}

/** Marks the document failed with a readable error and writes `document.failed`, once. */
export async function failProcessing(
  db: DocumentsDb,
  id: string,
  f: { error: string; step: DocumentProcessingStep['step']; attempts: number },
  requestId?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await markFailed(trx, id, f.error);
    if (!row) return false;
    await writeEvent(
      trx,
      documentEvent(
        'document.failed',
        id,
        {
          documentId: id,
          ownerId: row.owner_id,
          error: f.error,
          step: f.step,
          attempts: f.attempts,
          failedAt: new Date().toISOString(),
        },
        requestId,
      ),
    );
    return true;
  });
}
