import type { DetectedFace, PersonTag } from '@gnology/contracts';
import { type StoredFace, suggestFor, taggedFaces, taggedKeySet } from '../domain/face-suggestions';
import type { DocumentsDb } from '../../library/store/documents-store';
import { type FaceWithDescriptor, listDocumentFaces, listOwnerFaces } from '../store/faces-store';
import { listTaggedPhotoPeople } from '../store/tagged-photos-query';

/**
 * Faces with their suggestions, computed when read (decision 0057): the user's faces and the
 * tags naming them are read in one query each and matched in memory, so a suggestion is never
 * stale after a tag change and nothing is stored twice. Everything read is the one user's.
 */
export function facesWithSuggestions(
  faces: readonly FaceWithDescriptor[],
  people: readonly { id: string; people: readonly PersonTag[] }[],
  allFaces: readonly StoredFace[],
) {
  const tagged = taggedFaces(people, allFaces);
  const keys = taggedKeySet(tagged);
  const byDocument = new Map<string, DetectedFace[]>();
  for (const f of faces) {
    const list = byDocument.get(f.documentId) ?? [];
    list.push({
      id: f.faceId,
      region: f.region,
      score: Math.round(f.score * 1000) / 1000,
      suggestion: suggestFor(f, tagged, keys),
    });
    byDocument.set(f.documentId, list);
  }
  for (const list of byDocument.values()) list.sort((a, b) => a.id.localeCompare(b.id));
  return byDocument;
}

/** Every face of the user's photos by document (the images listing: one faces query in all). */
export async function ownerFacesByDocument(
  db: DocumentsDb,
  ownerId: string,
  documents: readonly { id: string; people: readonly PersonTag[] }[],
) {
  const faces = await listOwnerFaces(db, ownerId);
  return facesWithSuggestions(faces, documents, faces);
}

/** One document's faces with suggestions from the user's other tagged photos (the detail view). */
export async function documentFaces(db: DocumentsDb, ownerId: string, documentId: string): Promise<DetectedFace[]> {
  const faces = await listDocumentFaces(db, documentId);
  if (faces.length === 0) return [];
  const tagged = await listTaggedPhotoPeople(db, ownerId);
  const taggedDocIds = new Set(tagged.map((t) => t.id));
  const candidates = await listOwnerFaces(db, ownerId, [...taggedDocIds]);
  return facesWithSuggestions(faces, tagged, candidates).get(documentId) ?? [];
}
