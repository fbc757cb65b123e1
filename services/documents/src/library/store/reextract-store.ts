import type { DocumentEntities } from '@gnology/contracts';
import { EXTRACTOR_VERSION } from '@gnology/genealogy/extraction';
import type { DocumentsDb } from './documents-store';

/**
 * Completed documents whose entities came from an older version of the rules, up to `limit`.
 * Left out: LLM readings (a re-run costs tokens), filled GNology Journals (their entities come from
 * the form) and photos (their people are tags, not text).
 */
export function listOlderExtractions(db: DocumentsDb, limit: number) {
  return db
    .selectFrom('documents')
    .select(['id', 'extracted_text', 'mimetype', 'original_name', 'people_identified', 'tag_edits'])
    .where('extractor_version', '<', EXTRACTOR_VERSION)
    .where('processing_status', '=', 'completed')
    .where((eb) => eb.or([eb('extraction_method', '=', 'rules'), eb('extraction_method', 'is', null)]))
    .where('journal', 'is', null)
    .where('document_type', '<>', 'photo')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Writes a document's new entities and stamps EXTRACTOR_VERSION, only if nothing re-processed it
 * meanwhile (a "Read again" writes fresh entities itself). Returns whether it wrote.
 */
export async function saveReextraction(
  trx: DocumentsDb,
  id: string,
  entities: Pick<
    DocumentEntities,
    'documentType' | 'peopleIdentified' | 'personDetails' | 'dateInfo' | 'geographicalInfo' | 'occupations' | 'tags'
  >,
): Promise<boolean> {
  const result = await trx
    .updateTable('documents')
    .set({
      document_type: entities.documentType,
      people_identified: JSON.stringify(entities.peopleIdentified),
      person_details: JSON.stringify(entities.personDetails ?? []),
      date_info: JSON.stringify(entities.dateInfo),
      geographical_info: JSON.stringify(entities.geographicalInfo),
      occupations: JSON.stringify(entities.occupations),
      tags: JSON.stringify(entities.tags),
      extractor_version: EXTRACTOR_VERSION,
    })
    .where('id', '=', id)
    .where('extractor_version', '<', EXTRACTOR_VERSION)
    .where('processing_status', '=', 'completed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
