import { ReserveRequest, SettleRequest } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingContext } from '../app';
import { type MeteringContext, balanceOf, release, reservationStatus, reserve, settle } from '../store/metering';

const RequestIdParams = z.object({ requestId: z.string().min(1).max(128) });
const UserParams = z.object({ userId: z.string().min(1).max(64) });

/**
 * The metering API the research service calls (`/internal/*`: never proxied by the gateway,
 * guarded by the shared service secret).
 */
export const internalRoutes: FastifyPluginAsync<{ ctx: BillingContext }> = async (base, { ctx }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireInternal(ctx.deps.config.INTERNAL_TOKEN));
  const metering = (requestId: string): MeteringContext => ({
    now: ctx.now(),
    requestId,
    ttlMinutes: ctx.deps.config.RESERVATION_TTL_MINUTES,
    billingOn: ctx.payments !== null,
  });

  app.post('/internal/reservations', { schema: { body: ReserveRequest } }, async (req, reply) => {
    const answer = await reserve(ctx.db, ctx.pool, req.body, metering(req.id));
    return reply.status(answer.status).send(answer.body);
  });

  app.post('/internal/reservations/:requestId/settle', { schema: { params: RequestIdParams, body: SettleRequest } }, async (req) =>
    settle(ctx.db, ctx.pool, req.params.requestId, req.body, metering(req.id)),
  );

  app.get('/internal/reservations/:requestId', { schema: { params: RequestIdParams } }, async (req) => reservationStatus(ctx.db, req.params.requestId, ctx.now()));

  app.post('/internal/reservations/:requestId/release', { schema: { params: RequestIdParams } }, async (req) =>
    release(ctx.db, req.params.requestId, metering(req.id)),
  );

  app.get('/internal/balances/:userId', { schema: { params: UserParams } }, async (req) => balanceOf(ctx.db, req.params.userId, ctx.now()));
};
