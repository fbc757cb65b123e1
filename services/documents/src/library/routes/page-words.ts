import { PageWordsParams, PageWordsResponse } from '@gnology/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../../context';
import { readPageWords } from '../use-cases/read-page-words';
import { viewAccess } from './view-access';

/**
 * GET /api/documents/:id/pages/:pageNumber/words (issue 14, word positions): where each OCR'd word
 * of a page sits on its image, for the viewer's text layer and search highlights. Read like the
 * page image itself: the document's view token in `?token=`, or the owner's session in the header.
 */
export const pageWordsRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (plain, { deps }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const authorise = viewAccess(deps);
  app.get(
    '/api/documents/:id/pages/:pageNumber/words',
    {
      // Tokens in query strings are redacted by the logger; still logged at warn only, like the images.
      logLevel: 'warn',
      schema: {
        params: PageWordsParams,
        querystring: z.object({ token: z.string().optional() }),
        response: { 200: PageWordsResponse },
      },
    },
    async (req, reply) => {
      const doc = await authorise(req);
      const answer = await readPageWords(deps, doc.id, req.params.pageNumber);
      reply.header('cache-control', 'private, max-age=300');
      return answer;
    },
  );
};
