import { DOCUMENTS_EVENT_SOURCE, DOCUMENTS_TOPIC, type DocumentEventData } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import type { DocumentsDb } from './documents-store';

type Updated = DocumentEventData<'document.updated'>;

/**
 * Writes `document.updated` with the document's entities as they stand after the change, in the
 * caller's transaction (the outbox row commits with the edit or not at all).
 */
export async function writeDocumentUpdated(trx: DocumentsDb, documentId: string, requestId?: string): Promise<void> {
  const row = await trx
    .selectFrom('documents')
    .select(['owner_id', 'document_type', 'people_identified', 'date_info', 'geographical_info', 'occupations', 'tags', 'person_details'])
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  const documentType = row.document_type as Updated['documentType'];
  const data: Updated = {
    documentId,
    ownerId: row.owner_id,
    documentType,
    entities: {
      peopleIdentified: row.people_identified,
      dateInfo: row.date_info,
      geographicalInfo: row.geographical_info,
      occupations: row.occupations,
      tags: row.tags,
      documentType,
      personDetails: row.person_details ?? [],
    },
    updatedAt: new Date().toISOString(),
  };
  await writeEvent(trx, { topic: DOCUMENTS_TOPIC, key: documentId, type: 'document.updated', source: DOCUMENTS_EVENT_SOURCE, subject: documentId, data, requestId });
}
