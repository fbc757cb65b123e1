import type { PlanId } from '@gnology/contracts';
import { planDefinition } from './plans';

export type BillingInterval = 'monthly' | 'yearly';

/**
 * One account's metering state: the `accounts` row. `balance` is what the ledger's entries sum
 * to (allowance − used − held); the row keeps it so a reservation reads one locked row instead
 * of summing the ledger.
 */
export interface AccountState {
  userId: string;
  plan: PlanId;
  /** Tokens granted for the current period. */
  allowance: number;
  /** Tokens charged this period (overage included). */
  used: number;
  /** Tokens held by open reservations. */
  held: number;
  /** allowance − used − held; negative while a Professional account runs on overage. */
  balance: number;
  /** Tokens charged this period beyond the allowance. */
  overageTokens: number;
  periodStart: Date;
  /** End of the token period: the trial's end, the next monthly reset; null for basic. */
  periodEnd: Date | null;
  /** Monthly periods are counted from here (the subscription's start). */
  anchorAt: Date;
  interval: BillingInterval | null;
  /** End of the period paid to the payment provider; null when nothing is paid (billing off, trial). */
  paidUntil: Date | null;
  /** A cancelled subscription: Professional until then, basic after. */
  accessUntil: Date | null;
  /** This period's requests and their token counts, for the usage breakdown. */
  periodUsage: PeriodUsage;
}

export interface PeriodUsage {
  input: number;
  output: number;
  saved: number;
  requests: number;
}

export const NO_USAGE: PeriodUsage = { input: 0, output: 0, saved: 0, requests: 0 };

export type AccountStatus = 'active' | 'trial_ended' | 'cancelling' | 'inactive';

/** Allowance left for new requests; 0 while on overage. */
export function remainingOf(state: Pick<AccountState, 'balance'>): number {
  return Math.max(0, state.balance);
}

/** Tokens a new reservation may still take: the allowance left plus the plan's overage headroom. */
export function availableOf(state: Pick<AccountState, 'balance' | 'plan'>): number {
  return state.balance + planDefinition(state.plan).overageCapTokens;
}

export function trialExpired(state: Pick<AccountState, 'plan' | 'periodEnd'>, now: Date): boolean {
  return state.plan === 'trial' && state.periodEnd !== null && now >= state.periodEnd;
}

export function statusOf(state: AccountState, now: Date): AccountStatus {
  switch (state.plan) {
    case 'trial':
      return trialExpired(state, now) || availableOf(state) + state.held <= 0 ? 'trial_ended' : 'active';
    case 'professional':
      return state.accessUntil ? 'cancelling' : 'active';
    case 'basic':
      return 'inactive';
    default:
      return 'active';
  }
}
