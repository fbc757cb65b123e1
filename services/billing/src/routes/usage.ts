import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync } from 'fastify';
import type { BillingDeps } from '../context';
import { tokenUsage } from '../use-cases/token-usage';

/** GET /api/users/token-usage (bearer): the Token Usage panel of /account. */
export const usageRoutes: FastifyPluginAsync<{ deps: BillingDeps }> = async (app, { deps }) => {
  app.get('/api/users/token-usage', { preHandler: requireUser(deps.verifier) }, async (req) => tokenUsage(deps, req.user!));
};
