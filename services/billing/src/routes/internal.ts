import { ReserveRequest, SettleRequest } from '@gnology/contracts';
import { requireInternal } from '@gnology/platform/http/internal';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingDeps } from '../context';
import { balanceOf } from '../use-cases/balance';
import { meteringContext } from '../use-cases/metering-context';
import { release } from '../use-cases/release';
import { reservationStatus } from '../use-cases/reservation-status';
import { reserve } from '../use-cases/reserve';
import { settle } from '../use-cases/settle';

const RequestIdParams = z.object({ requestId: z.string().min(1).max(128) });
const UserParams = z.object({ userId: z.string().min(1).max(64) });

/**
 * The metering API the research service calls (`/internal/*`: never proxied by the gateway,
 * guarded by the shared service secret).
 */
export const internalRoutes: FastifyPluginAsync<{ deps: BillingDeps }> = async (base, { deps }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireInternal(deps.config.INTERNAL_TOKEN));
  const metering = (requestId: string) => meteringContext(deps, deps.now(), requestId);

  app.post('/internal/reservations', { schema: { body: ReserveRequest } }, async (req, reply) => {
    const answer = await reserve(deps, req.body, metering(req.id));
    return reply.status(answer.status).send(answer.body);
  });

  app.post(
    '/internal/reservations/:requestId/settle',
    { schema: { params: RequestIdParams, body: SettleRequest } },
    async (req) => settle(deps, req.params.requestId, req.body, metering(req.id)),
  );

  app.get('/internal/reservations/:requestId', { schema: { params: RequestIdParams } }, async (req) =>
    reservationStatus(deps, req.params.requestId, deps.now()),
  );

  app.post('/internal/reservations/:requestId/release', { schema: { params: RequestIdParams } }, async (req) =>
    release(deps, req.params.requestId, metering(req.id)),
  );

  app.get('/internal/balances/:userId', { schema: { params: UserParams } }, async (req) =>
    balanceOf(deps, req.params.userId, deps.now()),
  );
};
