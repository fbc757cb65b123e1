import type { DocumentRecord } from '@gnology/contracts';
import { useQuery } from '@tanstack/react-query';
import { describeStep } from '../../lib/document-labels';
import { fetchDocuments } from '../../lib/documents-api';

export const DOCUMENTS_KEY = ['documents'] as const;

export const isProcessing = (d: Pick<DocumentRecord, 'processingStatus'>) =>
  d.processingStatus === 'pending' || d.processingStatus === 'processing';

/**
 * The signed-in user's documents, followed every 1.5 s while one of them is being processed.
 * The list and the upload panel both read this one query, so a card and the progress panel
 * always show the same processing-task status (issue 13: never "Pending" beside "Recognising text").
 */
export function useDocumentsList() {
  return useQuery({
    queryKey: DOCUMENTS_KEY,
    queryFn: fetchDocuments,
    refetchInterval: (q) => (q.state.data?.some(isProcessing) ? 1500 : false),
  });
}

/** The status a document card and the progress panel show, from the processing task's step. */
export function processingLabel(d: Pick<DocumentRecord, 'processingStatus' | 'processingStep'>): string {
  if (d.processingStatus === 'completed') return 'Completed';
  if (d.processingStatus === 'failed') return 'Failed';
  return describeStep(d.processingStep);
}
