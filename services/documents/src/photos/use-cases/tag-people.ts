import type { PersonTag } from '@gnology/contracts';
import { badRequest, notFound } from '@gnology/platform/http/errors';
import { attachFaceRegions } from '../domain/face-tags';
import { writeDocumentUpdated } from '../../library/use-cases/announce-update';
import { type DocumentsDb, updatePeople } from '../../library/store/documents-store';
import { listDocumentFaces } from '../store/faces-store';

/**
 * PUT /api/documents/:id's people list (the document is already known to be the user's): the
 * same person twice is one tag; a tag naming a face must name one of this document's faces (400
 * otherwise) and is stored with that face's region. A change writes `document.updated` in the
 * same transaction (issue 18); saving the same people again announces nothing.
 */
export async function tagPeople(
  db: DocumentsDb,
  documentId: string,
  ownerId: string,
  people: readonly PersonTag[],
  requestId?: string,
): Promise<void> {
  const seen = new Set<string>();
  const unique = people.filter((p) => {
    const key = `${p.name.toLowerCase()}|${p.role}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const needsFaces = unique.some((p) => p.faceId !== undefined);
  const faces = needsFaces ? await listDocumentFaces(db, documentId) : [];
  const tagged = attachFaceRegions(unique, faces);
  if (!tagged.ok) throw badRequest(tagged.error);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('documents')
      .select('people_identified')
      .where('id', '=', documentId)
      .where('owner_id', '=', ownerId)
      .forUpdate()
      .executeTakeFirst();
    if (!before || !(await updatePeople(trx, documentId, ownerId, tagged.people))) throw notFound('Document not found');
    if (JSON.stringify(before.people_identified) !== JSON.stringify(tagged.people))
      await writeDocumentUpdated(trx, documentId, requestId);
  });
}
