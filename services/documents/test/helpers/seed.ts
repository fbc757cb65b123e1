import type { extractWithRules } from '@gnology/genealogy/extraction';
import type { DocumentsDb } from '../../src/library/store/documents-store';

/**
 * Writes a completed text document straight into the documents schema, as processing leaves it:
 * one row per page and the entities given (the rule extractor's). `personDetails` is written when
 * given; otherwise the column keeps its default.
 */
export async function insertCompletedDocument(
  db: DocumentsDb,
  d: {
    id: string;
    ownerId: string;
    name: string;
    pages: string[];
    entities: ReturnType<typeof extractWithRules>;
    personDetails?: unknown[];
  },
): Promise<void> {
  const text = d.pages.join('\n\n');
  const e = d.entities;
  await db
    .insertInto('documents')
    .values({
      id: d.id,
      owner_id: d.ownerId,
      original_name: d.name,
      filename: `${d.id}-${d.name}`,
      mimetype: 'text/plain',
      kind: 'text',
      document_type: e.documentType,
      size: text.length,
      storage_key: `seed/${d.id}`,
      processing_status: 'completed',
      processed_at: new Date(),
      extracted_text: text,
      text_length: text.length,
      people_identified: JSON.stringify(e.peopleIdentified),
      ...(d.personDetails ? { person_details: JSON.stringify(d.personDetails) } : {}),
      date_info: JSON.stringify(e.dateInfo),
      geographical_info: JSON.stringify(e.geographicalInfo),
      occupations: JSON.stringify(e.occupations),
      tags: JSON.stringify(e.tags),
      page_count: d.pages.length,
      thumbnail_key: null,
      extraction_method: 'rules',
      journal: null,
      ocr_languages: JSON.stringify(['eng']),
    })
    .execute();
  await db
    .insertInto('document_pages')
    .values(
      d.pages.map((t, i) => ({
        document_id: d.id,
        page_number: i + 1,
        text: t,
        image_key: null,
        width: null,
        height: null,
        confidence: null,
        words: '[]',
      })),
    )
    .execute();
}
