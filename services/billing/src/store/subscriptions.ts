import type { PlanId } from '@gnology/contracts';
import type { AccountState } from '../domain/account';
import { type Change, applyTime, startPeriod, termsFor } from '../domain/ledger';
import { type AccountRow, type ChangeContext, applyChange, lockOrOpenAccount, toState } from './accounts';
import type { Db, Trx } from './schema';

/**
 * Runs one plan change on a locked, up-to-date account: `decide` sees the account's state and
 * row and returns the change to apply (or null for none).
 */
export type Decision = (Change & { extra?: ChangeContext['extra'] }) | null;

export async function changeAccount(trx: Trx, userId: string, ctx: ChangeContext, decide: (state: AccountState, row: AccountRow) => Decision): Promise<AccountState> {
  const row = await lockOrOpenAccount(trx, userId, ctx);
  let state = toState(row);
  const timed = applyTime(state, ctx.now);
  if (timed) {
    await applyChange(trx, timed, ctx);
    state = timed.next;
  }
  const change = decide(state, row);
  if (change) {
    await applyChange(trx, change, { ...ctx, extra: { ...ctx.extra, ...change.extra } });
    return change.next;
  }
  if (ctx.extra) await trx.updateTable('accounts').set({ ...ctx.extra, updated_at: ctx.now }).where('user_id', '=', userId).execute();
  return state;
}

/** Records a Stripe event id; false when it was recorded before (a replay, which must change nothing). */
export async function recordStripeEvent(trx: Trx, id: string, type: string): Promise<boolean> {
  const row = await trx.insertInto('stripe_events').values({ id, type }).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function stripeEventSeen(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The account a subscription or customer belongs to, for events whose subscription carries no user id. */
export async function findUserByStripeIds(db: Db, subscriptionId: string | null, customerId: string | null): Promise<string | null> {
  if (subscriptionId) {
    const row = await db.selectFrom('accounts').select('user_id').where('stripe_subscription_id', '=', subscriptionId).executeTakeFirst();
    if (row) return row.user_id;
  }
  if (customerId) {
    const row = await db.selectFrom('accounts').select('user_id').where('stripe_customer_id', '=', customerId).executeTakeFirst();
    if (row) return row.user_id;
  }
  return null;
}

/**
 * The `user.registered` event: opens the account from the registration (its trial counts from
 * the registration time), or completes one opened earlier by a first use. Test users get the
 * test plan.
 */
export async function openRegisteredAccount(
  trx: Trx,
  user: { userId: string; email: string; name: string | null; isTestUser: boolean; registeredAt: Date },
  now: Date,
): Promise<void> {
  const plan: PlanId = user.isTestUser ? 'test' : 'trial';
  const ctx: ChangeContext & { plan: PlanId; openedAt: Date } = {
    now,
    plan,
    openedAt: user.registeredAt,
    extra: { email: user.email, name: user.name },
  };
  await changeAccount(trx, user.userId, ctx, (state) => (plan === 'test' && state.plan === 'trial' ? startPeriod(state, termsFor('test', now), 'test-account') : null));
}
