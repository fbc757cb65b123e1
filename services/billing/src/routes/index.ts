import type { FastifyPluginAsync } from 'fastify';
import type { BillingContext } from '../app';
import { checkoutRoutes } from './checkout';
import { internalRoutes } from './internal';
import { planRoutes } from './plans';
import { usageRoutes } from './usage';
import { webhookRoutes } from './webhook';

/** Every HTTP route of the billing service, as one encapsulated plugin. */
export const billingRoutes: FastifyPluginAsync<{ ctx: BillingContext }> = async (app, { ctx }) => {
  await app.register(planRoutes, { ctx });
  await app.register(usageRoutes, { ctx });
  await app.register(checkoutRoutes, { ctx });
  // Its own plugin: the raw-body parser it registers must not reach the other routes.
  await app.register(webhookRoutes, { ctx });
  await app.register(internalRoutes, { ctx });
};
