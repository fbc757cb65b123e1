import type { DocumentsDeps } from '../context';
import { LANE_QUEUES, laneOf, processingPriority } from '../domain/processing-lanes';

export const PROCESS_DOCUMENT_JOB = 'process-document';
export const PROCESS_ATTEMPTS = 3;
export const PROCESS_BACKOFF_MS = 5_000;
/** Every queue the documents worker serves (metrics, `only`). */
export const DOCUMENTS_QUEUES = Object.values(LANE_QUEUES);

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
 * One job per document run, in its kind's lane (domain/processing-lanes.ts), shorter scans first:
 * the job id names the document and its run, so enqueueing twice is harmless.
 */
export function enqueueProcessing(
  deps: Pick<DocumentsDeps, 'queue'>,
  doc: { id: string; kind: string; size: number; reprocessCount?: number },
  requestId?: string,
): Promise<string> {
  return deps.queue.enqueue<ProcessDocumentJob>(
    LANE_QUEUES[laneOf(doc.kind)],
    PROCESS_DOCUMENT_JOB,
    { documentId: doc.id },
    {
      jobId: processingJobId(doc),
      attempts: PROCESS_ATTEMPTS,
      backoffMs: PROCESS_BACKOFF_MS,
      requestId,
      priority: processingPriority(doc.kind, doc.size),
    },
  );
}
