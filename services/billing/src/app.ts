import { createDatabase } from '@gnology/platform/db/database';
import { createServiceApp } from '@gnology/platform/http/service-app';
import { refuseUnsafeDefaults } from '@gnology/platform/production-guard';
import type { FastifyInstance } from 'fastify';
import { type BillingPlatformDeps, createBillingContext } from './context';
import { billingRoutes } from './routes';

export type { BillingDeps, BillingPlatformDeps } from './context';

export interface BuildOptions {
  /** Tests move time (trial end, period renewals, cancelled access). */
  clock?: () => Date;
}

/** The billing service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(platform: BillingPlatformDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createServiceApp({
    name: 'billing',
    logger: platform.logger,
    checks: platform.checks,
    queue: platform.queue,
  });
  // The metering routes get their own, larger pool (see METERING_POOL_SIZE), closed with the app.
  const metering = createDatabase({
    url: platform.config.DATABASE_URL,
    schema: platform.database.schema,
    max: platform.config.METERING_POOL_SIZE,
    applicationName: 'billing-metering',
  });
  app.addHook('onClose', () => metering.close());
  const deps = createBillingContext(platform, { clock: opts.clock, meteringPool: metering.pool });
  refuseUnsafeDefaults(
    deps.config,
    deps.payments ? [] : ['billing is off (STRIPE_SECRET_KEY unset), so checkout would grant Professional for free'],
  );
  await app.register(billingRoutes, { deps });
  return app;
}
