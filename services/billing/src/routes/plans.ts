import { PlansResponse } from '@gnology/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BillingDeps } from '../context';
import { planDisplays, yearlySavings } from '../domain/plans';
import { PRICING_FAQ, WHY_CHOOSE } from '../domain/pricing-content';

/** GET /api/billing/plans: public, the pricing page's data. */
export const planRoutes: FastifyPluginAsync<{ deps: BillingDeps }> = async (base, { deps }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const body: PlansResponse = {
    plans: planDisplays(),
    yearlySavings: yearlySavings(),
    billingEnabled: deps.payments !== null,
    whyChoose: WHY_CHOOSE,
    faq: PRICING_FAQ,
  };
  app.get('/api/billing/plans', { schema: { response: { 200: PlansResponse } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return body;
  });
};
