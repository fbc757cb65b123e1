import type { PlanId } from '@gnology/contracts';
import { type AccountState, type BillingInterval, NO_USAGE, availableOf, remainingOf } from './account';
import { addDays, monthlyPeriodAt } from './period';
import { planDefinition } from './plans';

/**
 * The ledger's arithmetic, as pure functions from an account state to the next state plus the
 * entries that explain the difference. The journal is compact (decision 0243): it records what
 * the account was granted, charged, refunded and reset, one entry per settled request; a hold is
 * the reservation's own row, not a journal entry. Every operation keeps the invariants
 * `allowance − used = Σ entry.amount` (entries of every period), `held = Σ amount of the held
 * reservations` and `balance = allowance − used − held`.
 */
export type EntryKind = 'grant' | 'usage' | 'refund' | 'reset' | 'overage';

export interface EntryDraft {
  kind: EntryKind;
  /** Effect on what is left of the allowance (grant and refund add, usage and reset subtract). */
  amount: number;
  /** Tokens the entry is about (usage: what the request used; overage: tokens billed as overage). */
  tokens: number;
  requestId?: string;
  meta?: Record<string, unknown>;
}

export interface Change {
  next: AccountState;
  entries: EntryDraft[];
  /** Set when the plan changed: the service emits `subscription.changed`. */
  planChange?: { from: PlanId | null; to: PlanId; reason: string };
}

/** An account's plan and the dates of its period: the part of its state a new period replaces. */
export type PeriodTerms = Pick<
  AccountState,
  'plan' | 'periodStart' | 'periodEnd' | 'anchorAt' | 'interval' | 'paidUntil' | 'accessUntil'
>;

/** Terms of a plan starting at `now` (billing off, trial, test and basic). */
export function termsFor(
  plan: PlanId,
  now: Date,
  opts: { interval?: BillingInterval | null; paidUntil?: Date | null } = {},
): PeriodTerms {
  const def = planDefinition(plan);
  const paidUntil = opts.paidUntil ?? null;
  let periodEnd: Date | null = null;
  if (def.allowancePeriod === 'trial') periodEnd = addDays(now, def.trialDays ?? 0);
  if (def.allowancePeriod === 'month') periodEnd = monthlyPeriodAt(now, now, paidUntil).end;
  return {
    plan,
    periodStart: now,
    periodEnd,
    anchorAt: now,
    interval: opts.interval ?? null,
    paidUntil,
    accessUntil: null,
  };
}

/** A new account, granted its plan's allowance. */
export function openAccount(userId: string, plan: PlanId, now: Date): Change {
  const terms = termsFor(plan, now);
  const allowance = planDefinition(plan).tokens;
  const next: AccountState = {
    userId,
    ...terms,
    allowance,
    used: 0,
    held: 0,
    balance: allowance,
    overageTokens: 0,
    periodUsage: NO_USAGE,
  };
  const entries: EntryDraft[] =
    allowance > 0 ? [{ kind: 'grant', amount: allowance, tokens: allowance, meta: { plan } }] : [];
  return { next, entries, planChange: { from: null, to: plan, reason: 'opened' } };
}

/**
 * Starts a new period on `terms`: what is left of the old allowance is reset (no rollover),
 * the new plan's allowance granted. Open reservations stay held and count against the new period.
 */
export function startPeriod(state: AccountState, terms: PeriodTerms, reason: string): Change {
  const allowance = planDefinition(terms.plan).tokens;
  const leftover = state.allowance - state.used; // = balance + held
  const entries: EntryDraft[] = [];
  if (leftover !== 0)
    entries.push({ kind: 'reset', amount: -leftover, tokens: leftover, meta: { reason, plan: state.plan } });
  if (allowance > 0)
    entries.push({ kind: 'grant', amount: allowance, tokens: allowance, meta: { reason, plan: terms.plan } });
  const next: AccountState = {
    ...state,
    ...terms,
    allowance,
    used: 0,
    overageTokens: 0,
    balance: allowance - state.held,
    periodUsage: NO_USAGE,
  };
  const change: Change = { next, entries };
  if (terms.plan !== state.plan) change.planChange = { from: state.plan, to: terms.plan, reason };
  return change;
}

/**
 * What time alone changes: a cancelled subscription whose paid access ran out becomes basic;
 * a monthly period that ended rolls over when the next one is already paid for (a yearly
 * subscription, billing off, a test account). A Stripe monthly renewal waits for `invoice.paid`.
 */
export function applyTime(state: AccountState, now: Date): Change | null {
  if (state.plan === 'professional' && state.accessUntil && now >= state.accessUntil) {
    return startPeriod(state, termsFor('basic', now), 'ended');
  }
  const def = planDefinition(state.plan);
  if (def.allowancePeriod !== 'month' || !state.periodEnd || now < state.periodEnd) return null;
  if (state.paidUntil && state.paidUntil <= state.periodEnd) return null;
  const { start, end } = monthlyPeriodAt(state.anchorAt, now, state.paidUntil);
  return startPeriod(
    state,
    {
      plan: state.plan,
      periodStart: start,
      periodEnd: end,
      anchorAt: state.anchorAt,
      interval: state.interval,
      paidUntil: state.paidUntil,
      accessUntil: state.accessUntil,
    },
    'renewal',
  );
}

/** Holds `amount` tokens for a request: the reservation's row records it, the journal does not. */
export function hold(state: AccountState, amount: number): Change {
  return { next: { ...state, held: state.held + amount, balance: state.balance - amount }, entries: [] };
}

/** Gives a reservation's tokens back (a request that failed, was aborted, expired or settled). */
export function releaseHold(state: AccountState, amount: number): Change {
  if (amount <= 0) return { next: state, entries: [] };
  return { next: { ...state, held: state.held - amount, balance: state.balance + amount }, entries: [] };
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  savedTokens: number;
}

export interface SettleOutcome extends Change {
  /** Tokens charged: the request's input + output, capped at what the plan still allowed. */
  charged: number;
  /** Part of `charged` beyond the allowance (Professional overage). */
  overage: number;
  /** Tokens used that the plan could not cover (a trial's last request overshooting): not charged. */
  writtenOff: number;
  remaining: number;
}

/**
 * Settles a request: its reservation (`reserved`, 0 if it already expired) is released and the
 * real usage charged, in one `usage` entry. The charge never takes the account past its plan's limit, so the balance
 * cannot go below zero (below the overage cap on Professional) however requests interleave;
 * what a request used beyond that is written off rather than overspent.
 */
export function settleUsage(state: AccountState, reserved: number, usage: Usage, requestId: string): SettleOutcome {
  const afterRelease = releaseHold(state, reserved).next;
  const used = usage.inputTokens + usage.outputTokens;
  const charged = Math.min(used, Math.max(0, availableOf(afterRelease)));
  const overBefore = Math.max(0, afterRelease.used - afterRelease.allowance);
  const overAfter = Math.max(0, afterRelease.used + charged - afterRelease.allowance);
  const overage = overAfter - overBefore;
  const next: AccountState = {
    ...afterRelease,
    used: afterRelease.used + charged,
    balance: afterRelease.balance - charged,
    overageTokens: afterRelease.overageTokens + overage,
    periodUsage: {
      input: afterRelease.periodUsage.input + usage.inputTokens,
      output: afterRelease.periodUsage.output + usage.outputTokens,
      saved: afterRelease.periodUsage.saved + usage.savedTokens,
      requests: afterRelease.periodUsage.requests + 1,
    },
  };
  const entries: EntryDraft[] = [
    {
      kind: 'usage',
      amount: -charged,
      tokens: used,
      requestId,
      meta: {
        input: usage.inputTokens,
        output: usage.outputTokens,
        saved: usage.savedTokens,
        ...(used > charged ? { writtenOff: used - charged } : {}),
      },
    },
  ];
  if (overage > 0) entries.push({ kind: 'overage', amount: 0, tokens: overage, requestId });
  return { next, entries, charged, overage, writtenOff: used - charged, remaining: remainingOf(next) };
}

/**
 * An unsettled reservation that expired is charged its held amount (decision 0086): the model may
 * well have answered before the research process died. Counted like a request's usage.
 */
export function chargeExpired(state: AccountState, reserved: number, requestId: string): SettleOutcome {
  const outcome = settleUsage(state, reserved, { inputTokens: reserved, outputTokens: 0, savedTokens: 0 }, requestId);
  const usage = outcome.entries.find((e) => e.kind === 'usage');
  if (usage) usage.meta = { ...usage.meta, expired: true };
  return outcome;
}

/**
 * Gives back an expiry charge once the request's real usage arrives (a completion event after
 * a long billing outage): the reverse of `chargeExpired`, then the caller charges the real usage.
 */
export function refundExpiryCharge(state: AccountState, charged: number, requestId: string): Change {
  if (charged <= 0) return { next: state, entries: [] };
  const overBefore = Math.max(0, state.used - state.allowance);
  const overAfter = Math.max(0, state.used - charged - state.allowance);
  const next: AccountState = {
    ...state,
    used: state.used - charged,
    balance: state.balance + charged,
    overageTokens: Math.max(0, state.overageTokens - (overBefore - overAfter)),
    periodUsage: {
      ...state.periodUsage,
      input: Math.max(0, state.periodUsage.input - charged),
      requests: Math.max(0, state.periodUsage.requests - 1),
    },
  };
  return {
    next,
    entries: [
      {
        kind: 'refund',
        amount: charged,
        tokens: charged,
        requestId,
        meta: { reason: 'expiry charge replaced by the real usage' },
      },
    ],
  };
}
