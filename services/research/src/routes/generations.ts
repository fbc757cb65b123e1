import { ObjectId } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { notFound } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResearchDeps } from '../app';
import { getRuntime } from '../pipeline/runtime';
import { finishGeneration, findUserGeneration, requestStop } from '../store/generations';
import type { GenerationRow } from '../store/generations';
import { pipeTail } from './research';
import { startSse } from './sse';

const Params = z.object({ id: z.string() });

function generationId(id: string): string {
  if (!ObjectId.safeParse(id).success) throw notFound('Generation not found');
  return id;
}

function view(g: GenerationRow, withText: boolean) {
  return {
    id: g.id,
    conversationId: g.conversation_id,
    requestType: g.request_type,
    status: g.status,
    stopRequested: g.stop_requested,
    length: [...g.text].length,
    error: g.error,
    createdAt: new Date(g.created_at).toISOString(),
    updatedAt: new Date(g.updated_at).toISOString(),
    ...(withText ? { text: g.text } : {}),
  };
}

/**
 * Long generations (chapter and book): list a conversation's running ones, read one, follow its
 * text from an offset (reconnects send Last-Event-ID), and stop it.
 */
export const generationRoutes: FastifyPluginAsync<{ deps: ResearchDeps }> = async (app, { deps }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const rt = await getRuntime(deps);
  r.addHook('preHandler', requireUser(deps.verifier));

  r.get('/api/research/generations', { schema: { querystring: z.object({ conversationId: ObjectId.optional(), active: z.enum(['true', 'false']).optional() }) } }, async (req) => {
    const { conversationId, active } = req.query;
    const rows = await db
      .selectFrom('generations')
      .selectAll()
      .where('user_id', '=', req.user!.id)
      .$if(Boolean(conversationId), (q) => q.where('conversation_id', '=', conversationId!))
      .$if(active === 'true', (q) => q.where('status', 'in', ['queued', 'running']))
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
    return { generations: rows.map((g) => view(g as GenerationRow, false)) };
  });

  r.get('/api/research/generations/:id', { schema: { params: Params } }, async (req) => {
    const g = await findUserGeneration(db, req.user!.id, generationId(req.params.id));
    if (!g) throw notFound('Generation not found');
    return view(g, true);
  });

  r.get(
    '/api/research/generations/:id/stream',
    { schema: { params: Params, querystring: z.object({ from: z.coerce.number().int().min(0).optional() }) } },
    async (req, reply) => {
      const id = generationId(req.params.id);
      const g = await findUserGeneration(db, req.user!.id, id);
      if (!g) throw notFound('Generation not found');
      const lastEventId = Number(req.headers['last-event-id']);
      const from = Number.isInteger(lastEventId) && lastEventId >= 0 ? lastEventId : (req.query.from ?? 0);
      const sse = startSse(req, reply);
      sse.send('start', { requestType: g.request_type, provider: g.provider, generationId: id, from });
      await pipeTail(rt, req.user!.id, id, from, sse);
    },
  );

  r.post('/api/research/generations/:id/stop', { schema: { params: Params } }, async (req) => {
    const id = generationId(req.params.id);
    const g = await requestStop(db, req.user!.id, id);
    if (!g) throw notFound('Generation not found');
    // Not started yet: nothing to interrupt, so end it here and give the tokens back.
    if (g.status === 'queued') {
      await finishGeneration(db, id, { status: 'stopped', text: g.text, result: { response: g.text, stopped: true, generationId: id } });
      await rt.clients(req.id).release(id).catch(() => {});
    }
    return { id, status: g.status === 'queued' ? 'stopped' : g.status, stopRequested: true };
  });
};
