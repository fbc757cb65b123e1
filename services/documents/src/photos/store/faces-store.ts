import type { ImageRegion } from '@gnology/contracts';
import { decodeDescriptor, encodeDescriptor } from '../domain/face-descriptor';
import type { StoredFace } from '../domain/face-suggestions';
import type { DocumentsDb } from '../../library/store/documents-store';
import type { DocumentFacesTable } from '../../store/schema';

export interface NewFace {
  faceId: string;
  region: ImageRegion;
  score: number;
  descriptor: Float32Array;
}

export interface FaceWithDescriptor extends StoredFace {
  region: ImageRegion;
  score: number;
}

/** Replaces a document's faces (a re-run of the job writes the same ids again, never duplicates). */
export async function replaceFaces(
  db: DocumentsDb,
  documentId: string,
  ownerId: string,
  faces: readonly NewFace[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('document_faces').where('document_id', '=', documentId).execute();
    if (faces.length === 0) return;
    await trx
      .insertInto('document_faces')
      .values(
        faces.map((f) => ({
          document_id: documentId,
          face_id: f.faceId,
          owner_id: ownerId,
          x: f.region.x,
          y: f.region.y,
          width: f.region.width,
          height: f.region.height,
          score: f.score,
          descriptor: encodeDescriptor(f.descriptor),
        })),
      )
      .execute();
  });
}

const FACE_COLUMNS = ['document_id', 'face_id', 'x', 'y', 'width', 'height', 'score', 'descriptor'] as const;

function toFace(r: Pick<DocumentFacesTable, (typeof FACE_COLUMNS)[number]>): FaceWithDescriptor {
  return {
    documentId: r.document_id,
    faceId: r.face_id,
    region: { x: r.x, y: r.y, width: r.width, height: r.height },
    score: r.score,
    descriptor: decodeDescriptor(r.descriptor),
  };
}

/** Every face of one user's photos (or of some of them), in one index scan (owner_id, document_id), in no order. */
export async function listOwnerFaces(
  db: DocumentsDb,
  ownerId: string,
  documentIds?: readonly string[],
): Promise<FaceWithDescriptor[]> {
  let q = db.selectFrom('document_faces').select(FACE_COLUMNS).where('owner_id', '=', ownerId);
  if (documentIds) {
    if (documentIds.length === 0) return [];
    q = q.where('document_id', 'in', documentIds);
  }
  // No ORDER BY: sorting 500-byte rows cost more than the scan; callers order faces per document.
  const rows = await q.execute();
  return rows.map(toFace);
}

/** One document's faces (already checked to be the user's). */
export async function listDocumentFaces(db: DocumentsDb, documentId: string): Promise<FaceWithDescriptor[]> {
  const rows = await db
    .selectFrom('document_faces')
    .select(FACE_COLUMNS)
    .where('document_id', '=', documentId)
    .orderBy('face_id')
    .execute();
  return rows.map(toFace);
}
