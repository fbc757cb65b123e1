import { createDatabase } from '@gnology/platform/db/database';
import { createServiceApp } from '@gnology/platform/http/service-app';
import { refuseUnsafeDefaults } from '@gnology/platform/production-guard';
import type { ServiceDeps } from '@gnology/platform/runtime';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { BillingConfig } from './config';
import { type Payments, createPayments } from './payments/stripe';
import { billingRoutes } from './routes';
import type { Db } from './store/schema';

export type BillingDeps = ServiceDeps<BillingConfig>;

/** What the routes share: the service's dependencies, the payment provider (null: billing off) and the clock. */
export interface BillingContext {
  deps: BillingDeps;
  db: Db;
  /** The same pool, for the metering hot path's prepared statements. */
  pool: pg.Pool;
  payments: Payments | null;
  now: () => Date;
}

export interface BuildOptions {
  /** Tests move time (trial end, period renewals, cancelled access). */
  clock?: () => Date;
}

export function billingContext(deps: BillingDeps, opts: BuildOptions & { pool?: pg.Pool } = {}): BillingContext {
  const payments = createPayments(deps.config);
  refuseUnsafeDefaults(deps.config, payments ? [] : ['billing is off (STRIPE_SECRET_KEY unset), so checkout would grant Professional for free']);
  return {
    deps,
    db: deps.database.db as Db,
    pool: opts.pool ?? deps.database.pool,
    payments,
    now: opts.clock ?? (() => new Date()),
  };
}

/** The billing service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: BillingDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createServiceApp({ name: 'billing', logger: deps.logger, checks: deps.checks, queue: deps.queue });
  // The metering routes get their own, larger pool (see METERING_POOL_SIZE), closed with the app.
  const metering = createDatabase({ url: deps.config.DATABASE_URL, schema: deps.database.schema, max: deps.config.METERING_POOL_SIZE, applicationName: 'billing-metering' });
  app.addHook('onClose', () => metering.close());
  await app.register(billingRoutes, { ctx: billingContext(deps, { ...opts, pool: metering.pool }) });
  return app;
}
