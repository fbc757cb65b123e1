import type { ServiceDeps } from '@gnology/platform/runtime';
import type pg from 'pg';
import type { BillingConfig } from './config';
import { createPayments, type Payments } from './payments/stripe';
import type { Db } from './store/schema';

/** What the platform hands the billing service (runService, the test harness). */
export type BillingPlatformDeps = ServiceDeps<BillingConfig>;

/**
 * What the billing service's routes, use cases, jobs and consumers use: the platform's
 * dependencies over the billing schema, the payment provider (null: billing off) and the clock.
 */
export type BillingDeps = BillingPlatformDeps & {
  db: Db;
  /** The metering hot path's pool (its prepared statements); the app gives it its own, larger one. */
  meteringPool: pg.Pool;
  payments: Payments | null;
  now: () => Date;
};

export interface BillingOverrides {
  /** Tests move time (trial end, period renewals, cancelled access). */
  clock?: () => Date;
  meteringPool?: pg.Pool;
}

/** Adds the billing service's own pieces to the platform's dependencies. */
export function createBillingContext(deps: BillingPlatformDeps, overrides: BillingOverrides = {}): BillingDeps {
  return {
    ...deps,
    db: deps.database.db as Db,
    meteringPool: overrides.meteringPool ?? deps.database.pool,
    payments: createPayments(deps.config),
    now: overrides.clock ?? (() => new Date()),
  };
}
