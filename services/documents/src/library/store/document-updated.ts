import type { DocumentEventData } from '@gnology/contracts';
import type { DocumentsDb } from './documents-store';

type Updated = DocumentEventData<'document.updated'>;

/** A document's owner and entities as they stand, read in the caller's transaction (after its change). */
export async function currentEntities(trx: DocumentsDb, documentId: string): Promise<Omit<Updated, 'updatedAt'>> {
  const row = await trx
    .selectFrom('documents')
    .select([
      'owner_id',
      'document_type',
      'people_identified',
      'date_info',
      'geographical_info',
      'occupations',
      'tags',
      'person_details',
    ])
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  const documentType = row.document_type as Updated['documentType'];
  return {
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
  };
}
