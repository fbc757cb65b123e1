import type { DocumentsDeps } from '../../context';
import type { DocumentRecord } from '@gnology/contracts';
import { type PresentOptions, presentDocument } from '../../library/use-cases/present-document';
import { type DocumentsDb, listDocumentsWhere } from '../../library/store/documents-store';
import { pagesOf } from '../../library/store/pages-query';
import { ownerFacesByDocument } from './read-photo-faces';

/**
 * GET /api/documents/images: the user's JPG and PNG uploads, newest first, each with its faces
 * and their suggestions. Three queries whatever the number of images (documents, faces, pages).
 */
export async function listImages(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  present: PresentOptions,
): Promise<DocumentRecord[]> {
  const db: DocumentsDb = deps.database.db;
  const rows = await listDocumentsWhere(db, ownerId, { kinds: ['jpeg', 'png'] });
  const faces = await ownerFacesByDocument(
    db,
    ownerId,
    rows.map((r) => ({ id: r.id, people: r.people_identified })),
  );
  const pages = await pagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...presentDocument(r, pages.get(r.id) ?? [], present), faces: faces.get(r.id) ?? [] }));
}
