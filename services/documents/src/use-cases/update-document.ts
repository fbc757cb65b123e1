import type { PersonTag } from '@gnology/contracts';
import { type PresentOptions, presentDocument } from './present-document';
import { type DocumentsDb, getOwnedDocument, listPages } from '../store/documents-store';
import { documentFaces } from './photo-faces';
import { ownedDocument } from './read-documents';
import { tagPeople } from './tag-people';

/** PUT /api/documents/:id: the people identified in the user's document; answers the document as saved. */
export async function updateDocumentPeople(
  db: DocumentsDb,
  id: string,
  userId: string,
  people: readonly PersonTag[],
  present: PresentOptions,
  requestId?: string,
) {
  await ownedDocument(db, id, userId);
  await tagPeople(db, id, userId, people, requestId);
  const row = (await getOwnedDocument(db, id, userId))!;
  return { ...presentDocument(row, await listPages(db, id), present), faces: await documentFaces(db, userId, id) };
}
