import { UpdateDocumentBody } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../context';
import { viewTokenSecret } from '../domain/view-token';
import { deleteDocument, getDocumentText, getOwnedDocument, listDocuments, listDocumentsWhere, listPages } from '../store/documents-store';
import { documentPrefix } from '../store/object-keys';
import { pagesOf } from '../store/pages-query';
import { listImages } from '../use-cases/list-images';
import { documentFaces } from '../use-cases/photo-faces';
import { tagPeople } from '../use-cases/tag-people';
import { ocrRoutes } from './ocr';
import { presentDocument } from './present';

/** The signed-in user's documents (spec section 7). Another user's id, or a malformed one, is 404. */
export const documentRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  // OCR languages and "Read again" (issue 14), in a plugin of their own (their own error wording).
  await app.register(ocrRoutes, { deps });
  const auth = requireUser(deps.verifier);
  const present = { secret: viewTokenSecret(deps.config), ttlSeconds: deps.config.VIEW_TOKEN_TTL_SECONDS };

  const owned = async (id: string, userId: string) => {
    if (!OBJECT_ID.test(id)) throw notFound('Document not found');
    const row = await getOwnedDocument(db, id, userId);
    if (!row) throw notFound('Document not found');
    return row;
  };

  // Newest first. A plain array: the spec's clients accept it (and an object with `documents`).
  app.get('/api/documents', { preHandler: auth }, async (req) => {
    const rows = await listDocuments(db, req.user!.id);
    const pages = await pagesOf(db, rows.map((r) => r.id));
    return rows.map((r) => presentDocument(r, pages.get(r.id) ?? [], present));
  });

  app.get('/api/documents/available/for-analysis', { preHandler: auth }, async (req) => {
    const rows = await listDocumentsWhere(db, req.user!.id, { status: 'completed' });
    return rows.map((r) => ({ _id: r.id, originalName: r.original_name, documentType: r.document_type, uploadedAt: new Date(r.uploaded_at).toISOString(), size: Number(r.size) }));
  });

  // Photos and scans of the gallery, each with its faces and their suggestions.
  app.get('/api/documents/images', { preHandler: auth }, async (req) => ({ images: await listImages(db, req.user!.id, present) }));

  app.get('/api/documents/:id', { preHandler: auth }, async (req) => {
    const { id } = req.params as { id: string };
    const row = await owned(id, req.user!.id);
    const record = presentDocument(row, await listPages(db, id), present, await getDocumentText(db, id));
    return { ...record, faces: await documentFaces(db, req.user!.id, id) };
  });

  app.put('/api/documents/:id', { preHandler: auth, schema: { body: UpdateDocumentBody } }, async (req) => {
    const { id } = req.params as { id: string };
    await owned(id, req.user!.id);
    await tagPeople(db, id, req.user!.id, req.body.peopleIdentified, req.id);
    const row = (await getOwnedDocument(db, id, req.user!.id))!;
    return { ...presentDocument(row, await listPages(db, id), present), faces: await documentFaces(db, req.user!.id, id) };
  });

  app.delete('/api/documents/:id', { preHandler: auth }, async (req) => {
    const { id } = req.params as { id: string };
    if (!OBJECT_ID.test(id)) throw notFound('Document not found');
    const deleted = await deleteDocument(db, id, req.user!.id, req.id);
    if (!deleted) throw notFound('Document not found');
    // The record and its event are gone first; objects follow (a leftover object is harmless and unreachable).
    await deps.storage.deletePrefix(documentPrefix(deleted.owner_id, id)).catch((err) => req.log.warn({ err, documentId: id }, 'could not delete stored objects'));
    return { message: 'Document deleted successfully!', _id: id };
  });
};
