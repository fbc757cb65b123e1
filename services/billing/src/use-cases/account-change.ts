import { type PlanId, SUBSCRIPTION_CHANGED, type SubscriptionChangedData } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import type { AccountState } from '../domain/account';
import { type Change, applyTime, openAccount } from '../domain/ledger';
import {
  type AccountRow,
  type ChangeContext,
  insertAccount,
  lockAccount,
  setAccountColumns,
  toState,
  writeChange,
} from '../store/accounts';
import type { Trx } from '../store/schema';

/** The CloudEvents `source` of every event billing writes. */
export const EVENT_SOURCE = '/services/billing';

/**
 * Every change of an account's totals goes through here, inside the caller's transaction:
 * the totals and entries, and for a plan change the `subscription.changed` event.
 */
export async function applyChange(trx: Trx, change: Change, ctx: ChangeContext): Promise<void> {
  await writeChange(trx, change, ctx);
  await announcePlanChange(trx, change, ctx);
}

async function announcePlanChange(trx: Trx, change: Change, ctx: ChangeContext): Promise<void> {
  const pc = change.planChange;
  // A new trial account is what the auth service assumes already; only real changes are news.
  if (!pc || (pc.from === null && pc.to === 'trial')) return;
  const userId = change.next.userId;
  const data: SubscriptionChangedData = { userId, plan: pc.to, previousPlan: pc.from, reason: pc.reason };
  await writeEvent(trx, {
    topic: TOPICS.billing,
    key: userId,
    type: SUBSCRIPTION_CHANGED,
    source: EVENT_SOURCE,
    subject: userId,
    data,
    requestId: ctx.requestId,
  });
}

/**
 * Opens the account if it does not exist yet (first use, or the `user.registered` event),
 * then returns it locked.
 */
export async function lockOrOpenAccount(
  trx: Trx,
  userId: string,
  ctx: ChangeContext & { plan?: PlanId; openedAt?: Date },
): Promise<AccountRow> {
  const existing = await lockAccount(trx, userId);
  if (existing) return existing;
  const opened = openAccount(userId, ctx.plan ?? 'trial', ctx.openedAt ?? ctx.now);
  if (await insertAccount(trx, opened, { ...ctx, openedAt: ctx.openedAt ?? ctx.now }))
    await announcePlanChange(trx, opened, ctx);
  const row = await lockAccount(trx, userId);
  if (!row) throw new Error(`account ${userId} vanished while opening`);
  return row;
}

/** Brings a locked account up to date with the clock (period renewals, ended subscriptions). */
export async function bringUpToDate(trx: Trx, state: AccountState, ctx: ChangeContext): Promise<AccountState> {
  const timed = applyTime(state, ctx.now);
  if (!timed) return state;
  await applyChange(trx, timed, ctx);
  return timed.next;
}

/** A plan change decided on a locked, up-to-date account (null for none), with columns to set along. */
export type Decision = (Change & { extra?: ChangeContext['extra'] }) | null;

/**
 * Runs one plan change on a locked, up-to-date account: `decide` sees the account's state and
 * row and returns the change to apply (or null for none).
 */
export async function changeAccount(
  trx: Trx,
  userId: string,
  ctx: ChangeContext,
  decide: (state: AccountState, row: AccountRow) => Decision,
): Promise<AccountState> {
  const row = await lockOrOpenAccount(trx, userId, ctx);
  const state = await bringUpToDate(trx, toState(row), ctx);
  const change = decide(state, row);
  if (change) {
    await applyChange(trx, change, { ...ctx, extra: { ...ctx.extra, ...change.extra } });
    return change.next;
  }
  if (ctx.extra) await setAccountColumns(trx, userId, ctx.extra, ctx.now);
  return state;
}
