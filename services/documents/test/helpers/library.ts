import { newObjectId } from '@gnology/platform/ids';
import { extractWithRules } from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import type { DocumentsDb } from '../../src/library/store/documents-store';
import { insertCompletedDocument } from './seed';

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
  const e = extractWithRules(
    { text, isImage: /\.(png|jpe?g)$/i.test(p.name), originalName: p.name },
    defaultGazetteer(),
  );
  await insertCompletedDocument(db, { id, ownerId: p.ownerId, name: p.name, pages: p.pages, entities: e });
  return id;
}
