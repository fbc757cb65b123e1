import type { Payments } from '../payments/stripe';
import { changeAccount } from './subscriptions';
import type { Db } from './schema';
import { expireReservations } from './metering';

/**
 * Accounts due a change by time alone (a monthly period that ended, paid access that ran out).
 * Reads and usage apply these lazily too; the sweep makes them happen (and their events go out)
 * for accounts nobody is using.
 */
export async function applyDueTransitions(db: Db, now: Date, batch = 200): Promise<number> {
  const due = await db
    .selectFrom('accounts')
    .select('user_id')
    .where((eb) =>
      eb.or([
        // A monthly period that ended and whose next one is paid for (a Stripe monthly renewal waits for invoice.paid).
        eb.and([eb('plan', 'in', ['professional', 'test']), eb('period_end', '<=', now), eb.or([eb('paid_until', 'is', null), eb('paid_until', '>', eb.ref('period_end'))])]),
        eb('access_until', '<=', now),
      ]),
    )
    .limit(batch)
    .execute();
  let changed = 0;
  for (const { user_id } of due) {
    const before = await db.selectFrom('accounts').select(['period_end', 'plan']).where('user_id', '=', user_id).executeTakeFirstOrThrow();
    const after = await db.transaction().execute((trx) => changeAccount(trx, user_id, { now }, () => null));
    if (after.plan !== before.plan || after.periodEnd?.getTime() !== before.period_end?.getTime()) changed += 1;
  }
  return changed;
}

/**
 * Reports overage entries to Stripe as meter events, each with its entry id as identifier so a
 * report retried after a crash is counted once by Stripe.
 */
export async function reportOverage(db: Db, payments: Payments | null, batch = 100): Promise<number> {
  if (!payments) return 0;
  const pending = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('accounts as a', 'a.user_id', 'e.user_id')
    .select(['e.id', 'e.tokens', 'e.created_at', 'a.stripe_customer_id'])
    .where('e.report_status', '=', 'pending')
    .orderBy('e.id')
    .limit(batch)
    .execute();
  let reported = 0;
  for (const entry of pending) {
    if (!entry.stripe_customer_id) {
      await db.updateTable('ledger_entries').set({ report_status: 'not_billed' }).where('id', '=', entry.id).execute();
      continue;
    }
    await payments.reportOverage({ customerId: entry.stripe_customer_id, tokens: entry.tokens, identifier: `gnology-overage-${entry.id}`, at: entry.created_at });
    await db.updateTable('ledger_entries').set({ report_status: 'reported' }).where('id', '=', entry.id).execute();
    reported += 1;
  }
  return reported;
}

export interface SweepResult {
  expired: number;
  transitions: number;
  overageReported: number;
}

/** One maintenance pass of the worker role. */
export async function sweep(db: Db, payments: Payments | null, now: Date): Promise<SweepResult> {
  const expired = await expireReservations(db, now);
  const transitions = await applyDueTransitions(db, now);
  const overageReported = await reportOverage(db, payments);
  return { expired, transitions, overageReported };
}
