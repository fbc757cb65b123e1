import { newObjectId } from '@gnology/platform/ids';
import { extractWithRules } from '../../src/domain/extraction';
import type { DocumentsDb } from '../../src/store/documents-store';

/**
 * A completed document as processing leaves it, people details (record roles) included, for the
 * people index tests and benchmark: the rule extractor reads the text, nothing is faked.
 */
export async function seedRecord(
  db: DocumentsDb,
  p: { ownerId: string; name: string; text: string; id?: string },
): Promise<string> {
  const id = p.id ?? newObjectId();
  const e = extractWithRules({ text: p.text, isImage: false, originalName: p.name });
  await db
    .insertInto('documents')
    .values({
      id,
      owner_id: p.ownerId,
      original_name: p.name,
      filename: `${id}-${p.name}`,
      mimetype: 'text/plain',
      kind: 'text',
      document_type: e.documentType,
      size: p.text.length,
      storage_key: `seed/${id}`,
      processing_status: 'completed',
      processed_at: new Date(),
      extracted_text: p.text,
      text_length: p.text.length,
      people_identified: JSON.stringify(e.peopleIdentified),
      person_details: JSON.stringify(e.personDetails ?? []),
      date_info: JSON.stringify(e.dateInfo),
      geographical_info: JSON.stringify(e.geographicalInfo),
      occupations: JSON.stringify(e.occupations),
      tags: JSON.stringify(e.tags),
      page_count: 1,
      thumbnail_key: null,
      extraction_method: 'rules',
      journal: null,
      ocr_languages: JSON.stringify(['eng']),
    })
    .execute();
  await db
    .insertInto('document_pages')
    .values({
      document_id: id,
      page_number: 1,
      text: p.text,
      image_key: null,
      width: null,
      height: null,
      confidence: null,
      words: '[]',
    })
    .execute();
  return id;
}
