import { DocumentContextRequest, type DocumentContextResponse } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../../context';
import { documentContext } from '../use-cases/read-document-context';

/**
 * POST /internal/documents/context — the research service reads a user's documents to attach them
 * to a question. Only that user's completed documents, in the order asked; unknown, foreign or
 * unfinished ids are simply absent. Documents of several pages carry each page's text, so a fact
 * can be cited by its page.
 */
export const internalRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/internal/documents/context',
    { preHandler: requireInternal(deps.config.INTERNAL_TOKEN), schema: { body: DocumentContextRequest } },
    async (req): Promise<DocumentContextResponse> => documentContext(deps, req.body.userId, req.body.documentIds),
  );
};
