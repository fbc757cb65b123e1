import type { DocumentsDeps } from '../../context';
import type { DocumentRecord } from '@gnology/contracts';
import { notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import { type PresentOptions, presentDocument } from './present-document';
import {
  type DocumentsDb,
  getDocumentText,
  getOwnedDocument,
  type ListedDocument,
  listDocuments,
  listDocumentsWhere,
  listPages,
} from '../store/documents-store';
import { pagesOf } from '../store/pages-query';
import { documentFaces } from '../../photos/use-cases/read-photo-faces';

export const DOCUMENT_NOT_FOUND = 'Document not found';

/** The user's document, or 404: another user's id and a malformed one are both "not found". */
export async function ownedDocument(db: DocumentsDb, id: string, userId: string): Promise<ListedDocument> {
  if (!OBJECT_ID.test(id)) throw notFound(DOCUMENT_NOT_FOUND);
  const row = await getOwnedDocument(db, id, userId);
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return row;
}

/** GET /api/documents: the user's documents, newest first; pages read in one query for all. */
export async function listOwnDocuments(
  deps: Pick<DocumentsDeps, 'database'>,
  userId: string,
  present: PresentOptions,
): Promise<DocumentRecord[]> {
  const db: DocumentsDb = deps.database.db;
  const rows = await listDocuments(db, userId);
  const pages = await pagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentDocument(r, pages.get(r.id) ?? [], present));
}

/** GET /api/documents/available/for-analysis: the completed documents Gene may read. */
export async function documentsForAnalysis(deps: Pick<DocumentsDeps, 'database'>, userId: string) {
  const db: DocumentsDb = deps.database.db;
  const rows = await listDocumentsWhere(db, userId, { status: 'completed' });
  return rows.map((r) => ({
    _id: r.id,
    originalName: r.original_name,
    documentType: r.document_type,
    uploadedAt: new Date(r.uploaded_at).toISOString(),
    size: Number(r.size),
  }));
}

/** GET /api/documents/:id: the document with its text and its faces. */
export async function readDocument(
  deps: Pick<DocumentsDeps, 'database'>,
  id: string,
  userId: string,
  present: PresentOptions,
) {
  const db: DocumentsDb = deps.database.db;
  const row = await ownedDocument(db, id, userId);
  const record = presentDocument(row, await listPages(db, id), present, await getDocumentText(db, id));
  return { ...record, faces: await documentFaces(db, userId, id) };
}
