import { requireUser } from '@gnology/platform/auth/require-user';
import type { FastifyPluginAsync } from 'fastify';
import type { BillingContext } from '../app';
import { tokenUsageView } from '../domain/usage';
import { toState } from '../store/accounts';
import { currentAccount } from '../store/metering';

/** GET /api/users/token-usage (bearer): the Token Usage panel of /account. */
export const usageRoutes: FastifyPluginAsync<{ ctx: BillingContext }> = async (app, { ctx }) => {
  app.get('/api/users/token-usage', { preHandler: requireUser(ctx.deps.verifier) }, async (req) => {
    const user = req.user!;
    const now = ctx.now();
    const row = await currentAccount(ctx.db, user.id, { now, email: user.email, name: user.name ?? undefined });
    return tokenUsageView(toState(row), now, ctx.payments !== null);
  });
};
