import type { FastifyPluginAsync } from 'fastify';
import type { BillingDeps } from '../context';
import { checkoutRoutes } from './checkout';
import { internalRoutes } from './internal';
import { planRoutes } from './plans';
import { usageRoutes } from './usage';
import { webhookRoutes } from './webhook';

/** Every HTTP route of the billing service, as one encapsulated plugin. */
export const billingRoutes: FastifyPluginAsync<{ deps: BillingDeps }> = async (app, { deps }) => {
  await app.register(planRoutes, { deps });
  await app.register(usageRoutes, { deps });
  await app.register(checkoutRoutes, { deps });
  // Its own plugin: the raw-body parser it registers must not reach the other routes.
  await app.register(webhookRoutes, { deps });
  await app.register(internalRoutes, { deps });
};
