import type { DocumentsDeps } from '../app';
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
 * One job per document, in its kind's lane (domain/processing-lanes.ts), shorter scans first: the
 * job id is the document id, so enqueueing twice is harmless.
 */
export function enqueueProcessing(deps: Pick<DocumentsDeps, 'queue'>, doc: { id: string; kind: string; size: number }, requestId?: string): Promise<string> {
  return deps.queue.enqueue<ProcessDocumentJob>(LANE_QUEUES[laneOf(doc.kind)], PROCESS_DOCUMENT_JOB, { documentId: doc.id }, {
    jobId: `doc-${doc.id}`,
    attempts: PROCESS_ATTEMPTS,
    backoffMs: PROCESS_BACKOFF_MS,
    requestId,
    priority: processingPriority(doc.kind, doc.size),
  });
}
