import type { DocumentsDeps } from '../../context';
import type { UpdateDocumentBody } from '@gnology/contracts';
import { type PresentOptions, presentDocument } from './present-document';
import { type DocumentsDb, getOwnedDocument, listPages } from '../store/documents-store';
import { editTags } from './edit-tags';
import { documentFaces } from '../../photos/use-cases/read-photo-faces';
import { ownedDocument } from './read-documents';
import { tagPeople } from '../../photos/use-cases/tag-people';

/** PUT /api/documents/:id: the people identified in the user's document and its tags; answers the document as saved. */
export async function updateDocument(
  deps: Pick<DocumentsDeps, 'database'>,
  id: string,
  userId: string,
  body: UpdateDocumentBody,
  present: PresentOptions,
  requestId?: string,
) {
  const db: DocumentsDb = deps.database.db;
  await ownedDocument(db, id, userId);
  if (body.peopleIdentified) await tagPeople(db, id, userId, body.peopleIdentified, requestId);
  if (body.tags) await editTags(db, id, userId, body.tags, requestId);
  const row = (await getOwnedDocument(db, id, userId))!;
  return { ...presentDocument(row, await listPages(db, id), present), faces: await documentFaces(db, userId, id) };
}
