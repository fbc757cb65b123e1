import type { PlansResponse } from '@gnology/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { BillingContext } from '../app';
import { planDisplays, yearlySavings } from '../domain/plans';
import { PRICING_FAQ, WHY_CHOOSE } from '../domain/pricing-content';

/** GET /api/billing/plans: public, the pricing page's data. */
export const planRoutes: FastifyPluginAsync<{ ctx: BillingContext }> = async (app, { ctx }) => {
  const body: PlansResponse = {
    plans: planDisplays(),
    yearlySavings: yearlySavings(),
    billingEnabled: ctx.payments !== null,
    whyChoose: WHY_CHOOSE,
    faq: PRICING_FAQ,
  };
  app.get('/api/billing/plans', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return body;
  });
};
