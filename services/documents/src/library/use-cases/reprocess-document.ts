import type { DocumentRecord, OcrLanguage } from '@gnology/contracts';
import { conflict, notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import type { DocumentsDeps } from '../../context';
import { enqueueProcessing } from '../jobs/enqueue';
import { type PresentOptions, presentDocument } from './present-document';
import { getOwnedDocument, listPages, startReprocessing } from '../store/documents-store';
import { DOCUMENT_NOT_FOUND } from './read-documents';

export const STILL_PROCESSING_MESSAGE =
  'This document is still being read. Wait until it has finished, then read it again.';

/**
 * "Read again" (issue 14): a finished document goes back in the queue in the languages given
 * (else those it was read in); 409 while it is still being processed, 404 for another user's.
 */
export async function reprocessDocument(
  deps: Pick<DocumentsDeps, 'database' | 'queue'>,
  input: {
    id: string;
    userId: string;
    languages?: readonly OcrLanguage[];
    requestId: string;
    present: PresentOptions;
    log: { error: (obj: object, msg: string) => void };
  },
): Promise<DocumentRecord> {
  const { id, userId } = input;
  const db = deps.database.db;
  if (!OBJECT_ID.test(id)) throw notFound(DOCUMENT_NOT_FOUND);
  const started = await startReprocessing(db, id, userId, input.languages);
  if (started.status === 'missing') throw notFound(DOCUMENT_NOT_FOUND);
  if (started.status === 'busy') throw conflict(STILL_PROCESSING_MESSAGE);
  // After the commit, as on upload: a lost enqueue is recovered by the worker's sweep of pending documents.
  await enqueueProcessing(
    deps,
    { id, kind: started.kind, size: started.size, reprocessCount: started.reprocessCount },
    input.requestId,
  ).catch((err) => input.log.error({ err, documentId: id }, 'could not enqueue document reprocessing'));
  const row = await getOwnedDocument(db, id, userId);
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return presentDocument(row, await listPages(db, id), input.present);
}
