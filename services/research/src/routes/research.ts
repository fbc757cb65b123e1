import { ResearchBody, researchErrorMessage } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import { HttpError } from '@gnology/platform/http/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ResearchDeps } from '../context';
import { runInline } from '../use-cases/ask';
import { tailGeneration } from '../use-cases/follow-generation';
import { prepareRequest } from '../use-cases/prepare-request';
import { startGeneration } from '../use-cases/start-generation';
import { doneEvent, pipeTail } from './pipe-tail';
import { startSse } from './sse';

/** The documents the library search found (decision 0170), in the `start` event so the web lists them while Gene writes. */
function sourcesOf(p: { sources: unknown[] }) {
  return p.sources.length ? { sources: p.sources } : {};
}

/**
 * POST /api/research (docs/contract.md#api) and its streaming form. Refusals (capacity, balance,
 * unknown conversation) answer as JSON errors before any stream starts; once streaming, a
 * failure is an `error` event with the spec's message.
 */
export const researchApiRoutes: FastifyPluginAsync<{ deps: ResearchDeps }> = async (app, { deps }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/research', { preHandler: requireUser(deps.verifier), schema: { body: ResearchBody } }, async (req) => {
    const prepared = await prepareRequest(deps, req.user!.id, req.body, req.id, req.ip);
    if (!prepared.plan.asJob) return runInline(deps, prepared, () => {});
    const id = await startGeneration(deps, prepared);
    // The JSON form waits for the job; the stream form is the one the web uses.
    const controller = new AbortController();
    req.raw.on('close', () => {
      if (req.raw.destroyed) controller.abort();
    });
    for await (const ev of tailGeneration(deps, req.user!.id, id, 0, controller.signal)) {
      if (ev.type === 'done') return ev.result;
      if (ev.type === 'error')
        throw new HttpError(ev.status && ev.status >= 400 && ev.status < 500 ? ev.status : 503, ev.error, {
          code: 'provider_error',
        });
    }
    throw new HttpError(499, 'Client closed the request');
  });

  r.post(
    '/api/research/stream',
    { preHandler: requireUser(deps.verifier), schema: { body: ResearchBody } },
    async (req, reply) => {
      const prepared = await prepareRequest(deps, req.user!.id, req.body, req.id, req.ip);
      if (!prepared.plan.asJob) {
        const sse = startSse(req, reply);
        sse.send('start', {
          requestType: prepared.plan.requestType,
          provider: deps.provider.name,
          generationId: null,
          userMessageId: prepared.userMessageId,
          ...sourcesOf(prepared),
        });
        try {
          const done = await runInline(deps, prepared, (text) => sse.send('delta', { text }));
          sse.send('done', doneEvent(done as unknown as Record<string, unknown>));
        } catch (err) {
          const e = err instanceof HttpError ? err : null;
          if (!e || e.statusCode >= 500) req.log.error({ err }, 'research stream failed');
          sse.send('error', {
            error: e?.message ?? researchErrorMessage(undefined),
            status: e?.statusCode ?? 500,
            ...(e?.extra ?? {}),
          });
        }
        sse.end();
        return;
      }
      const id = await startGeneration(deps, prepared);
      const sse = startSse(req, reply);
      sse.send('start', {
        requestType: prepared.plan.requestType,
        provider: deps.provider.name,
        generationId: id,
        userMessageId: prepared.userMessageId,
        ...sourcesOf(prepared),
      });
      await pipeTail(deps, req.user!.id, id, 0, sse);
    },
  );
};
