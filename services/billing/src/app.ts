import { createServiceApp } from '@gnology/platform/http/service-app';
import type { ServiceDeps } from '@gnology/platform/runtime';
import type { FastifyInstance } from 'fastify';
import type { BillingConfig } from './config';
import { billingRoutes } from './routes';

export type BillingDeps = ServiceDeps<BillingConfig>;

/** The billing service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: BillingDeps): Promise<FastifyInstance> {
  const app = createServiceApp({ name: 'billing', logger: deps.logger, checks: deps.checks, queue: deps.queue });
  await app.register(billingRoutes, { deps });
  return app;
}
