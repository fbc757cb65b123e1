import { LINKS_UNTIL_HEADER, UpdateDocumentBody } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../../context';
import { viewTokenSecret } from '../domain/view-token';
import { deleteOwnDocument } from '../use-cases/delete-document';
import { listImages } from '../../photos/use-cases/list-images';
import { documentsForAnalysis, listOwnDocuments, readDocument } from '../use-cases/read-documents';
import { updateDocument } from '../use-cases/update-document';
import { ocrRoutes } from './ocr';

/** The signed-in user's documents. Another user's id, or a malformed one, is 404. */
export const documentRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // OCR languages and "Read again" (issue 14), in a plugin of their own (their own error wording).
  await app.register(ocrRoutes, { deps });
  const auth = requireUser(deps.verifier);
  const present = { secret: viewTokenSecret(deps.config), ttlSeconds: deps.config.VIEW_TOKEN_TTL_SECONDS };
  // The reads an access token may make (decision 0212): their file links end with the gateway's
  // answer for the token (LINKS_UNTIL_HEADER), so a revoked token's links stop with it (<= 30 s).
  const presentFor = (req: FastifyRequest) => {
    const until = req.headers[LINKS_UNTIL_HEADER];
    if (typeof until !== 'string' || !/^\d{1,12}$/.test(until)) return present;
    const left = Number(until) - Math.floor(Date.now() / 1000);
    return { ...present, ttlSeconds: Math.max(0, Math.min(present.ttlSeconds, left)) };
  };

  // Newest first. A plain array: the clients accept it (and an object with `documents`).
  app.get('/api/documents', { preHandler: auth }, async (req) => listOwnDocuments(deps, req.user!.id, presentFor(req)));

  app.get('/api/documents/available/for-analysis', { preHandler: auth }, async (req) =>
    documentsForAnalysis(deps, req.user!.id),
  );

  // Photos and scans of the gallery, each with its faces and their suggestions.
  app.get('/api/documents/images', { preHandler: auth }, async (req) => ({
    images: await listImages(deps, req.user!.id, present),
  }));

  app.get('/api/documents/:id', { preHandler: auth }, async (req) => {
    const { id } = req.params as { id: string };
    return readDocument(deps, id, req.user!.id, presentFor(req));
  });

  // The people (the full list), the tags (the full list, issue 30), or both.
  app.put('/api/documents/:id', { preHandler: auth, schema: { body: UpdateDocumentBody } }, async (req) => {
    const { id } = req.params as { id: string };
    return updateDocument(deps, id, req.user!.id, req.body, present, req.id);
  });

  app.delete('/api/documents/:id', { preHandler: auth }, async (req) => {
    const { id } = req.params as { id: string };
    await deleteOwnDocument(deps, id, req.user!.id, { requestId: req.id, log: req.log });
    return { message: 'Document deleted successfully!', _id: id };
  });
};
