import { TokenUsageResponse } from '@gnology/contracts';
import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BillingDeps } from '../context';
import { tokenUsage } from '../use-cases/token-usage';

/** GET /api/users/token-usage (bearer): the Token Usage panel of /account. */
export const usageRoutes: FastifyPluginAsync<{ deps: BillingDeps }> = async (base, { deps }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/users/token-usage',
    { preHandler: requireUser(deps.verifier), schema: { response: { 200: TokenUsageResponse } } },
    async (req) => tokenUsage(deps, req.user!),
  );
};
