import { JOURNAL_FILE_NAME, JournalPaper } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentsDeps } from '../../context';
import { createJournalCache, type JournalCache } from '../use-cases/build-journal';

const Query = z.object({ paper: JournalPaper.default('letter').describe('Paper size: US Letter (default) or A4') });

/**
 * The GNology Journal (docs/contract.md#screens, #permissions, #api): the public link of the Resources and Tutorial
 * pages, and the signed-in download saved under its fixed file name. Both serve the same bytes,
 * built once per (version, paper) and kept in memory.
 */
export const journalRoutes: FastifyPluginAsync<{ deps: DocumentsDeps; journals?: JournalCache }> = async (
  plain,
  { deps, journals = createJournalCache() },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // A first build takes a second or more of CPU: in production it starts once the service is up, so
  // the first person to click Download does not wait for it (tests build on demand).
  if (deps.config.NODE_ENV === 'production') {
    app.addHook('onReady', async () => {
      journals
        .get('letter')
        .catch((err) => deps.logger.warn({ err }, 'journal pre-build failed; it will be built on first request'));
    });
  }

  const send = async (
    req: FastifyRequest,
    reply: FastifyReply,
    paper: JournalPaper,
    disposition: 'inline' | 'attachment',
    cacheControl: string,
  ) => {
    const file = await journals.get(paper);
    reply
      .header('etag', file.etag)
      .header('cache-control', cacheControl)
      .header('vary', 'Authorization')
      .header('content-disposition', `${disposition}; filename="${JOURNAL_FILE_NAME}"`);
    if (req.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.type('application/pdf').header('content-length', file.bytes.length).send(file.bytes);
  };

  app.get(
    '/api/resources/gnology-journal.pdf',
    { schema: { summary: 'The fillable GNology Journal (public link)', tags: ['journal'], querystring: Query } },
    // Public and the same for everyone: shared caches may keep it for a day.
    (req, reply) => send(req, reply, req.query.paper, 'inline', 'public, max-age=86400'),
  );

  app.get(
    '/api/journal/pdf/download',
    {
      preHandler: requireUser(deps.verifier),
      schema: {
        summary: 'Download the fillable GNology Journal as GNology-Journal.pdf',
        tags: ['journal'],
        querystring: Query,
      },
    },
    // Asked with a bearer token: the browser may keep it, shared caches may not.
    (req, reply) => send(req, reply, req.query.paper, 'attachment', 'private, max-age=3600'),
  );
};
