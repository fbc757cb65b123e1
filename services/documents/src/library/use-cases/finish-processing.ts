import type { DocumentProcessingStep } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { documentEvent } from '../domain/document-events';
import { applyTagEdits } from '../domain/tag-edits';
import { lockTagEdits } from '../store/document-tags';
import type { DocumentsDeps } from '../../context';
import { type DocumentsDb, markCompleted, markFailed, type ProcessingResult } from '../store/documents-store';

const db = (deps: Pick<DocumentsDeps, 'database'>): DocumentsDb => deps.database.db;

/**
 * Marks the document completed and writes `document.processed`, once: the status change is
 * guarded (not already completed), so a job re-run after a crash between commit and
 * acknowledgement writes no second event. The user's edits of the tags, read in the same
 * transaction, are applied to the reading's own tags: a tag they added stays, one they removed
 * (an automatic "portrait") does not come back (decision 0217). Returns false when nothing changed.
 */
export async function completeProcessing(
  deps: Pick<DocumentsDeps, 'database'>,
  id: string,
  r: ProcessingResult,
  requestId?: string,
): Promise<boolean> {
  return db(deps)
    .transaction()
    .execute(async (trx) => {
      const edits = await lockTagEdits(trx, id);
      if (edits) r = { ...r, entities: { ...r.entities, tags: applyTagEdits(r.entities.tags, edits) } };
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
  deps: Pick<DocumentsDeps, 'database'>,
  id: string,
  f: { error: string; step: DocumentProcessingStep['step']; attempts: number },
  requestId?: string,
): Promise<boolean> {
  return db(deps)
    .transaction()
    .execute(async (trx) => {
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
