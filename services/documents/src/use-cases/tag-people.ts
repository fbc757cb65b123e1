import type { PersonTag } from '@gnology/contracts';
import { badRequest, notFound } from '@gnology/platform/http/errors';
import { attachFaceRegions } from '../domain/photos/face-tags';
import { type DocumentsDb, updatePeople } from '../store/documents-store';
import { listDocumentFaces } from '../store/faces-store';

/**
 * PUT /api/documents/:id's people list (the document is already known to be the user's): the
 * same person twice is one tag; a tag naming a face must name one of this document's faces (400
 * otherwise) and is stored with that face's region.
 */
export async function tagPeople(db: DocumentsDb, documentId: string, ownerId: string, people: readonly PersonTag[]): Promise<void> {
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
  if (!(await updatePeople(db, documentId, ownerId, tagged.people))) throw notFound('Document not found');
}
