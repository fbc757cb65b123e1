import type { PlanId } from '@gnology/contracts';
import { type Selectable, sql } from 'kysely';
import type { AccountState, BillingInterval } from '../domain/account';
import type { Change } from '../domain/ledger';
import type { AccountsTable, Db, Trx } from './schema';

export type AccountRow = Selectable<AccountsTable>;

export function toState(row: AccountRow): AccountState {
  return {
    userId: row.user_id,
    plan: row.plan as PlanId,
    allowance: row.allowance,
    used: row.used,
    held: row.held,
    balance: row.balance,
    overageTokens: row.overage_tokens,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    anchorAt: row.anchor_at,
    interval: row.interval as BillingInterval | null,
    paidUntil: row.paid_until,
    accessUntil: row.access_until,
    periodUsage: {
      input: row.period_input,
      output: row.period_output,
      saved: row.period_saved,
      requests: row.period_requests,
    },
  };
}

function stateColumns(s: AccountState) {
  return {
    plan: s.plan,
    allowance: s.allowance,
    used: s.used,
    held: s.held,
    balance: s.balance,
    overage_tokens: s.overageTokens,
    period_input: s.periodUsage.input,
    period_output: s.periodUsage.output,
    period_saved: s.periodUsage.saved,
    period_requests: s.periodUsage.requests,
    period_start: s.periodStart,
    period_end: s.periodEnd,
    anchor_at: s.anchorAt,
    interval: s.interval,
    paid_until: s.paidUntil,
    access_until: s.accessUntil,
  };
}

export async function findAccount(db: Db | Trx, userId: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The account's row, locked until the transaction ends: every change of its totals goes through here. */
export async function lockAccount(trx: Trx, userId: string): Promise<AccountRow | undefined> {
  return trx.selectFrom('accounts').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export interface ChangeContext {
  now: Date;
  requestId?: string;
  /** Overage entries get report_status 'pending' (to report to Stripe) or 'not_billed'. */
  billOverage?: boolean;
  /** Extra columns to set with the change (Stripe ids, e-mail). */
  extra?: Partial<Pick<AccountRow, 'email' | 'name' | 'stripe_customer_id' | 'stripe_subscription_id'>>;
}

/** Writes a change's new totals and the entries explaining them (its event is the use case's). */
export async function writeChange(trx: Trx, change: Change, ctx: ChangeContext): Promise<void> {
  const s = change.next;
  // An ended subscription is forgotten; the customer stays, for a later subscription and past invoices.
  const ended = change.planChange?.to === 'basic' ? { stripe_subscription_id: null } : {};
  await trx
    .updateTable('accounts')
    .set({ ...stateColumns(s), ...ctx.extra, ...ended, version: sql`version + 1`, updated_at: ctx.now })
    .where('user_id', '=', s.userId)
    .execute();
  await insertEntries(trx, s.userId, change, ctx);
}

/** Sets the extra columns (Stripe ids, e-mail) of an account whose totals do not change. */
export async function setAccountColumns(
  trx: Trx,
  userId: string,
  extra: NonNullable<ChangeContext['extra']>,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('accounts')
    .set({ ...extra, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

async function insertEntries(trx: Trx, userId: string, change: Change, ctx: ChangeContext): Promise<void> {
  if (change.entries.length === 0) return;
  await trx
    .insertInto('ledger_entries')
    .values(
      change.entries.map((e) => ({
        user_id: userId,
        kind: e.kind,
        amount: e.amount,
        tokens: e.tokens,
        request_id: e.requestId ?? null,
        meta: e.meta ? JSON.stringify(e.meta) : null,
        report_status: e.kind === 'overage' ? (ctx.billOverage ? 'pending' : 'not_billed') : null,
        created_at: ctx.now,
      })),
    )
    .execute();
}

/**
 * Inserts a new account opened by `change` (with its entries), unless one exists already:
 * concurrent first uses race on the primary key and one inserts. True when this call inserted.
 */
export async function insertAccount(
  trx: Trx,
  change: Change,
  ctx: ChangeContext & { openedAt: Date },
): Promise<boolean> {
  const s = change.next;
  const inserted = await trx
    .insertInto('accounts')
    .values({
      user_id: s.userId,
      email: ctx.extra?.email ?? null,
      name: ctx.extra?.name ?? null,
      ...stateColumns(s),
      stripe_customer_id: null,
      stripe_subscription_id: null,
      created_at: ctx.openedAt,
      updated_at: ctx.now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (inserted) await insertEntries(trx, s.userId, change, ctx);
  return inserted !== undefined;
}
