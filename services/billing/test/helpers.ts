import { createTestService, type TestService } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { BillingConfig } from '../src/config';
import { billingEnvSchema } from '../src/config';
import { migrations } from '../src/migrations';
import type { Db } from '../src/store/schema';

export const INTERNAL = { 'x-internal-token': 'test-internal-token-0123456789' };

/** A clock the test moves: trial ends, renewals and cancelled access happen without waiting. */
export class TestClock {
  constructor(public current = new Date()) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
}

export interface BillingHarness {
  svc: TestService;
  app: FastifyInstance;
  db: Db;
  config: BillingConfig;
  clock: TestClock;
  close(): Promise<void>;
}

/** The real billing app on a fresh database; `env` adds billing variables (Stripe, TTL). */
export async function startBilling(env: Record<string, string> = {}, clock = new TestClock()): Promise<BillingHarness> {
  const svc = await createTestService({ name: 'billing', schema: 'billing', migrations });
  const config = { ...svc.config, ...billingEnvSchema.parse(env) } as BillingConfig;
  const deps = { ...svc, config };
  const app = await buildApp(deps, { clock: clock.now });
  return {
    svc,
    app,
    db: svc.database.db as Db,
    config,
    clock,
    close: async () => {
      await app.close();
      await svc.cleanup();
    },
  };
}

/**
 * The balance as the history tells it: Σ of the account's journal entries (what is left of the
 * allowance) less Σ of its held reservations (decision 0243: a hold is its reservation's row).
 */
export async function ledgerSum(db: Db, userId: string): Promise<number> {
  const journal = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(journal.sum) - (await heldSum(db, userId));
}

/** Σ of the account's held reservations: what `accounts.held` must say. */
export async function heldSum(db: Db, userId: string): Promise<number> {
  const held = await db
    .selectFrom('reservations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('user_id', '=', userId)
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return Number(held.sum);
}

export async function account(db: Db, userId: string) {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}
