import type { DetectedFace, PersonTag } from '@gnology/contracts';
import { squaredDistanceWithin } from './face-descriptor';

/**
 * "This may be the same person as …": the tagged face nearest to a face by descriptor distance,
 * under the threshold. face-api's own matcher uses 0.6; 0.5 is stricter, as a wrong name offered
 * to a family historian costs more than a missed one. Similarity is shown as 1 − distance.
 */
export const SUGGESTION_MAX_DISTANCE = 0.5;

export interface StoredFace {
  documentId: string;
  faceId: string;
  descriptor: Float32Array;
}

/** A face a person was tagged on: a PersonTag with `faceId` naming a stored face. */
export interface TaggedFace extends StoredFace {
  name: string;
}

/**
 * Faces the user tagged, from the documents' people lists and their faces. Only tags naming a
 * face of the same document count (the API refuses others; old rows are not trusted blindly).
 */
export function taggedFaces(
  documents: readonly { id: string; people: readonly PersonTag[] }[],
  faces: readonly StoredFace[],
): TaggedFace[] {
  const byKey = new Map(faces.map((f) => [`${f.documentId}|${f.faceId}`, f]));
  const out: TaggedFace[] = [];
  for (const doc of documents) {
    for (const tag of doc.people) {
      if (!tag.faceId) continue;
      const face = byKey.get(`${doc.id}|${tag.faceId}`);
      if (face) out.push({ ...face, name: tag.name });
    }
  }
  return out;
}

/**
 * The suggestion for one face: the nearest tagged face in ANOTHER photo (the same photo's faces
 * are different people by definition), or null. A face that is tagged itself gets none. Callers
 * pass only the same user's faces; this function never sees another user's.
 */
export function suggestFor(
  face: StoredFace,
  tagged: readonly TaggedFace[],
  taggedKeys: ReadonlySet<string>,
): DetectedFace['suggestion'] {
  if (taggedKeys.has(`${face.documentId}|${face.faceId}`)) return null;
  let best: TaggedFace | undefined;
  let bestSquared = SUGGESTION_MAX_DISTANCE ** 2;
  for (const t of tagged) {
    if (t.documentId === face.documentId) continue;
    const d = squaredDistanceWithin(face.descriptor, t.descriptor, bestSquared);
    if (d < bestSquared) {
      bestSquared = d;
      best = t;
    }
  }
  if (!best) return null;
  return {
    name: best.name,
    documentId: best.documentId,
    faceId: best.faceId,
    similarity: Math.round((1 - Math.sqrt(bestSquared)) * 1000) / 1000,
  };
}

export function taggedKeySet(tagged: readonly TaggedFace[]): Set<string> {
  return new Set(tagged.map((t) => `${t.documentId}|${t.faceId}`));
}
