import type { DocumentsDeps } from '../app';

export const DOCUMENTS_QUEUE = 'documents';
export const PROCESS_DOCUMENT_JOB = 'process-document';
export const PROCESS_ATTEMPTS = 3;
export const PROCESS_BACKOFF_MS = 5_000;

export interface ProcessDocumentJob {
  documentId: string;
}

/** One job per document: the job id is the document id, so enqueueing twice is harmless. */
export function enqueueProcessing(deps: Pick<DocumentsDeps, 'queue'>, documentId: string, requestId?: string): Promise<string> {
  return deps.queue.enqueue<ProcessDocumentJob>(DOCUMENTS_QUEUE, PROCESS_DOCUMENT_JOB, { documentId }, {
    jobId: `doc-${documentId}`,
    attempts: PROCESS_ATTEMPTS,
    backoffMs: PROCESS_BACKOFF_MS,
    requestId,
  });
}
