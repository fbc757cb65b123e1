import type { DocumentsDeps } from '../../context';
import { estimatedPages, LANE_QUEUES, laneOf, type OcrCost, processingPriority } from '../domain/processing-lanes';
import { ocrCostOfStored } from './ocr-cost';

export const PROCESS_DOCUMENT_JOB = 'process-document';
export const PROCESS_ATTEMPTS = 3;
export const PROCESS_BACKOFF_MS = 5_000;
/** Every queue the documents worker serves (metrics, `only`). */
export const DOCUMENTS_QUEUES = Object.values(LANE_QUEUES);
const OCR_KINDS = ['pdf', 'jpeg', 'png'];

export interface ProcessDocumentJob {
  documentId: string;
}

/**
 * The job id of a document's processing run: `doc-<id>` for the upload's, `doc-<id>-r<n>` for the
 * n-th "Read again" (a finished job keeps its id for a day, and enqueueing under it would do nothing).
 */
export function processingJobId(doc: { id: string; reprocessCount?: number }): string {
  return doc.reprocessCount ? `doc-${doc.id}-r${doc.reprocessCount}` : `doc-${doc.id}`;
}

/**
 * One job per document run, in its kind's lane (domain/processing-lanes.ts): the job id names the
 * document and its run, so enqueueing twice is harmless. In the OCR lane its priority comes from
 * its owner's turn and its work (decision 0215): the turn is how many of the owner's OCR documents
 * already wait or run; the work is its pages and their pixels, read from the stored file (or the
 * last run's page count on "Read again"). Without the database or storage (a caller that has
 * neither), the work is estimated from the size and the turn is 0.
 */
export async function enqueueProcessing(
  deps: Pick<DocumentsDeps, 'queue'> & Partial<Pick<DocumentsDeps, 'database' | 'storage' | 'logger'>>,
  doc: { id: string; kind: string; size: number; reprocessCount?: number },
  requestId?: string,
): Promise<string> {
  const { cost, turn } = laneOf(doc.kind) === 'ocr' ? await ocrOrder(deps, doc) : { cost: { pages: 1 }, turn: 0 };
  return deps.queue.enqueue<ProcessDocumentJob>(
    LANE_QUEUES[laneOf(doc.kind)],
    PROCESS_DOCUMENT_JOB,
    { documentId: doc.id },
    {
      jobId: processingJobId(doc),
      attempts: PROCESS_ATTEMPTS,
      backoffMs: PROCESS_BACKOFF_MS,
      requestId,
      priority: processingPriority(doc.kind, cost, turn),
    },
  );
}

async function ocrOrder(
  deps: Partial<Pick<DocumentsDeps, 'database' | 'storage' | 'logger'>>,
  doc: { id: string; kind: string; size: number },
): Promise<{ cost: OcrCost; turn: number }> {
  const fallback = { cost: { pages: estimatedPages(doc.kind, doc.size) }, turn: 0 };
  const db = deps.database?.db;
  if (!db) return fallback;
  try {
    const row = await db
      .selectFrom('documents')
      .select(['owner_id', 'storage_key', 'page_count'])
      .where('id', '=', doc.id)
      .executeTakeFirst();
    if (!row) return fallback;
    const ahead = await db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', row.owner_id)
      .where('id', '!=', doc.id)
      .where('kind', 'in', OCR_KINDS)
      .where('processing_status', 'in', ['pending', 'processing'])
      .executeTakeFirstOrThrow();
    const cost: OcrCost =
      row.page_count && row.page_count > 0
        ? { pages: row.page_count }
        : deps.storage
          ? await ocrCostOfStored(deps.storage, { kind: doc.kind, size: doc.size, storageKey: row.storage_key })
          : fallback.cost;
    return { cost, turn: Number(ahead.n) };
  } catch (err) {
    deps.logger?.warn(
      { err, documentId: doc.id },
      'could not weigh the document for the OCR queue; it takes a first turn',
    );
    return fallback;
  }
}
