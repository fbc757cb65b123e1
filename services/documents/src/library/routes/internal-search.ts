import { LibrarySearchRequest, type LibrarySearchResponse } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocumentsDeps } from '../../context';
import { searchOwnLibrary } from '../use-cases/search-library';

/**
 * POST /internal/documents/search — research asks which pages of a user's library answer a
 * question (issue 16, decision 0170). Only that user's completed documents are searched; the
 * documents the user dropped from an answer's sources are left out. Each passage names its
 * document and page, so the answer cites it like a selected document, and carries that page's
 * source citation (decision 0186).
 */
export const internalSearchRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/internal/documents/search',
    { preHandler: requireInternal(deps.config.INTERNAL_TOKEN), schema: { body: LibrarySearchRequest } },
    async (req): Promise<LibrarySearchResponse> => searchOwnLibrary(deps, req.body),
  );
};
