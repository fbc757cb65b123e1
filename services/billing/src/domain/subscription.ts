import type { AccountState, BillingInterval } from './account';
import { type Change, startPeriod, termsFor } from './ledger';
import { monthlyPeriodAt } from './period';

/** What the billing service needs to know of a payment provider's subscription. */
export interface SubscriptionFacts {
  subscriptionId: string;
  customerId: string | null;
  /** The account it belongs to (from the subscription's metadata), when known. */
  userId: string | null;
  status: string;
  interval: BillingInterval;
  /** The period paid for. */
  paidFrom: Date;
  paidUntil: Date;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

/** Stripe statuses under which the subscriber keeps Professional (past_due: Stripe is still retrying the card). */
const LIVE = new Set(['active', 'trialing', 'past_due']);

export function isLive(facts: SubscriptionFacts): boolean {
  return LIVE.has(facts.status) && facts.endedAt === null;
}

/**
 * Brings an account in line with its subscription as the provider reports it now. Every
 * webhook re-reads the subscription and lands here, so events may arrive in any order or twice:
 * - a live subscription for a paid period the account has not started yet (a new subscriber,
 *   or `invoice.paid` of the next period) starts it: tokens reset, no rollover;
 * - a live one already applied only updates its terms (cancel at period end, interval);
 * - an ended one keeps Professional until the paid period ends, then basic (`applyTime`).
 */
export function applySubscription(state: AccountState, facts: SubscriptionFacts, now: Date): Change | null {
  if (!isLive(facts)) {
    if (state.plan !== 'professional') return null;
    const accessUntil = facts.paidUntil;
    if (accessUntil <= now) return startPeriod(state, termsFor('basic', now), 'ended');
    if (state.accessUntil?.getTime() === accessUntil.getTime()) return null;
    return { next: { ...state, accessUntil }, entries: [] };
  }
  const accessUntil = facts.cancelAtPeriodEnd ? facts.paidUntil : null;
  const newPeriod = state.plan !== 'professional' || facts.paidFrom > state.anchorAt;
  if (newPeriod) {
    const { start, end } = monthlyPeriodAt(
      facts.paidFrom,
      now < facts.paidFrom ? facts.paidFrom : now,
      facts.paidUntil,
    );
    return startPeriod(
      state,
      {
        plan: 'professional',
        periodStart: start,
        periodEnd: end,
        anchorAt: facts.paidFrom,
        interval: facts.interval,
        paidUntil: facts.paidUntil,
        accessUntil,
      },
      state.plan === 'professional' ? 'renewal' : 'subscribed',
    );
  }
  const same =
    state.interval === facts.interval &&
    state.paidUntil?.getTime() === facts.paidUntil.getTime() &&
    (state.accessUntil?.getTime() ?? null) === (accessUntil?.getTime() ?? null);
  if (same) return null;
  return { next: { ...state, interval: facts.interval, paidUntil: facts.paidUntil, accessUntil }, entries: [] };
}

/**
 * Billing off: the plan applies at once and nothing is charged. The subscription has no paid
 * end, so its monthly token periods renew by themselves. Choosing the other interval while
 * subscribed changes only the label.
 */
export function subscribeWithoutBilling(state: AccountState, interval: BillingInterval, now: Date): Change | null {
  if (state.plan === 'professional') {
    if (state.interval === interval && !state.accessUntil) return null;
    return { next: { ...state, interval, accessUntil: null }, entries: [] };
  }
  return startPeriod(state, termsFor('professional', now, { interval }), 'subscribed');
}
