import { DocumentDeletedEvent, DocumentProcessedEvent } from '@gnology/contracts';
import { handleOnce } from '@gnology/platform/events/inbox';
import type { CloudEventJson } from '@gnology/platform/events/types';
import type { DocumentsDeps } from '../../context';
import type { Kysely } from 'kysely';
import type { DocumentsDB } from '../../store/schema';
import { updatePeopleIndex } from '../use-cases/update-people-index';

export const PEOPLE_INDEX_CONSUMER = 'documents.people-index';

/**
 * Keeps the people index in step with the library (decision 0185): a processed document (first
 * time or read again) or one whose people the user edited (`document.updated`) regroups the names
 * it holds, a deleted one the individuals it leaves. Once
 * per event (inbox), in the same transaction as the index's writes.
 */
export async function onDocumentEvent(deps: Pick<DocumentsDeps, 'database'>, event: CloudEventJson): Promise<boolean> {
  if (event.type === 'document.processed' || event.type === 'document.updated') {
    const data = DocumentProcessedEvent.pick({ documentId: true, ownerId: true }).parse(event.data);
    return handleOnce(deps.database.db, PEOPLE_INDEX_CONSUMER, event.id, async (trx) => {
      await updatePeopleIndex(trx as unknown as Kysely<DocumentsDB>, data.ownerId, {
        kind: 'documents',
        documentIds: [data.documentId],
      });
    });
  }
  if (event.type === 'document.deleted') {
    const data = DocumentDeletedEvent.pick({ documentId: true, ownerId: true }).parse(event.data);
    return handleOnce(deps.database.db, PEOPLE_INDEX_CONSUMER, event.id, async (trx) => {
      await updatePeopleIndex(trx as unknown as Kysely<DocumentsDB>, data.ownerId, { kind: 'deleted' });
    });
  }
  return false;
}
