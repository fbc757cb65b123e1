import { ObjectId } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { notFound } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResearchDeps } from '../context';
import { generationStart, listGenerations, readGeneration } from '../use-cases/read-generations';
import { stopGeneration } from '../use-cases/stop-generation';
import { pipeTail } from './pipe-tail';
import { startSse } from './sse';

const Params = z.object({ id: z.string() });

function generationId(id: string): string {
  if (!ObjectId.safeParse(id).success) throw notFound('Generation not found');
  return id;
}

/**
 * Long generations (chapter and book): list a conversation's running ones, read one, follow its
 * text from an offset (reconnects send Last-Event-ID), and stop it.
 */
export const generationRoutes: FastifyPluginAsync<{ deps: ResearchDeps }> = async (app, { deps }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preHandler', requireUser(deps.verifier));

  r.get(
    '/api/research/generations',
    {
      schema: {
        querystring: z.object({ conversationId: ObjectId.optional(), active: z.enum(['true', 'false']).optional() }),
      },
    },
    async (req) =>
      listGenerations(deps, req.user!.id, {
        conversationId: req.query.conversationId,
        activeOnly: req.query.active === 'true',
      }),
  );

  r.get('/api/research/generations/:id', { schema: { params: Params } }, async (req) => {
    const g = await readGeneration(deps, req.user!.id, generationId(req.params.id));
    if (!g) throw notFound('Generation not found');
    return g;
  });

  r.get(
    '/api/research/generations/:id/stream',
    { schema: { params: Params, querystring: z.object({ from: z.coerce.number().int().min(0).optional() }) } },
    async (req, reply) => {
      const id = generationId(req.params.id);
      const start = await generationStart(deps, req.user!.id, id);
      if (!start) throw notFound('Generation not found');
      const lastEventId = Number(req.headers['last-event-id']);
      const from = Number.isInteger(lastEventId) && lastEventId >= 0 ? lastEventId : (req.query.from ?? 0);
      const sse = startSse(req, reply);
      sse.send('start', { ...start, generationId: id, from });
      await pipeTail(deps, req.user!.id, id, from, sse);
    },
  );

  r.post('/api/research/generations/:id/stop', { schema: { params: Params } }, async (req) => {
    const stopped = await stopGeneration(deps, req.user!.id, generationId(req.params.id), req.id);
    if (!stopped) throw notFound('Generation not found');
    return stopped;
  });
};
