import { newObjectId } from '@gnology/platform/ids';
import { extractWithRules } from '../../src/domain/extraction';
import type { DocumentsDb } from '../../src/store/documents-store';

/**
 * A completed document written straight into the documents schema, as processing leaves it: its
 * pages' text, and the people, dates and places the rule extractor finds in it. For the library
 * search tests and benchmark (decision 0170), which need many documents and no OCR.
 */
export async function seedDocument(
  db: DocumentsDb,
  p: { ownerId: string; name: string; pages: string[]; id?: string },
): Promise<string> {
  const id = p.id ?? newObjectId();
  const text = p.pages.join('\n\n');
  const e = extractWithRules({ text, isImage: /\.(png|jpe?g)$/i.test(p.name), originalName: p.name });
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
      size: text.length,
      storage_key: `seed/${id}`,
      processing_status: 'completed',
      processed_at: new Date(),
      extracted_text: text,
      text_length: text.length,
      people_identified: JSON.stringify(e.peopleIdentified),
      date_info: JSON.stringify(e.dateInfo),
      geographical_info: JSON.stringify(e.geographicalInfo),
      occupations: JSON.stringify(e.occupations),
      tags: JSON.stringify(e.tags),
      page_count: p.pages.length,
      thumbnail_key: null,
      extraction_method: 'rules',
      journal: null,
      ocr_languages: JSON.stringify(['eng']),
    })
    .execute();
  await db
    .insertInto('document_pages')
    .values(
      p.pages.map((t, i) => ({
        document_id: id,
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
  return id;
}
