import { newObjectId } from '@gnology/platform/ids';
import { extractWithRules } from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import type { DocumentsDb } from '../../src/library/store/documents-store';
import { insertCompletedDocument } from './seed';

/**
 * A completed document as processing leaves it, people details (record roles) included, for the
 * people index tests and benchmark: the rule extractor reads the text, nothing is faked.
 */
export async function seedRecord(
  db: DocumentsDb,
  p: { ownerId: string; name: string; text: string; id?: string },
): Promise<string> {
  const id = p.id ?? newObjectId();
  const e = extractWithRules({ text: p.text, isImage: false, originalName: p.name }, defaultGazetteer());
  await insertCompletedDocument(db, {
    id,
    ownerId: p.ownerId,
    name: p.name,
    pages: [p.text],
    entities: e,
    personDetails: e.personDetails ?? [],
  });
  return id;
}
