import { CitationResponse } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../../context';
import { documentCitation } from '../use-cases/cite-document';

/**
 * GET /api/documents/:id/citation (issue 16, decision 0186): the document's source citation in
 * Evidence Explained style, for the viewer's copy button; `?page=` cites one page. Another user's
 * document, or an unknown id, is 404.
 */
export const citationRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/documents/:id/citation',
    {
      preHandler: requireUser(deps.verifier),
      schema: {
        tags: ['documents'],
        summary:
          "The document's source citation (Evidence Explained style), built from what was extracted; `page` cites one page",
        params: z.object({ id: z.string() }),
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() }),
        response: { 200: CitationResponse },
      },
    },
    async (req) => {
      const { id } = req.params;
      if (!OBJECT_ID.test(id)) throw notFound('Document not found');
      const citation = await documentCitation(deps, req.user!.id, id, req.query.page);
      if (citation === undefined) throw notFound('Document not found');
      return { citation };
    },
  );
};
