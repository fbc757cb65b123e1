import type { FastifyPluginAsync } from 'fastify';
import type { BillingDeps } from '../app';

/** Every HTTP route of the billing service, as one encapsulated plugin. */
export const billingRoutes: FastifyPluginAsync<{ deps: BillingDeps }> = async (_app, _opts) => {};
