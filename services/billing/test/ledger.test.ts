import { describe, expect, it } from 'vitest';
import type { AccountState } from '../src/domain/account';
import { availableOf, remainingOf, statusOf } from '../src/domain/account';
import { savingsPercentage } from '@gnology/contracts';
import {
  type Change,
  applyTime,
  hold,
  openAccount,
  releaseHold,
  settleUsage,
  startPeriod,
  termsFor,
} from '../src/domain/ledger';

const t0 = new Date('2025-03-10T09:00:00Z');
const day = 86_400_000;

/** Applies changes in order, checking the ledger's invariants after each. */
function run(...steps: ((s: AccountState) => Change)[]): { state: AccountState; sum: number } {
  let change = openAccount('u1', 'trial', t0);
  let state = change.next;
  let sum = change.entries.reduce((a, e) => a + e.amount, 0);
  for (const step of steps) {
    change = step(state);
    state = change.next;
    sum += change.entries.reduce((a, e) => a + e.amount, 0);
    expect(state.balance).toBe(state.allowance - state.used - state.held);
    // The journal records what is left of the allowance; holds are the reservations' rows (decision 0243).
    expect(sum).toBe(state.allowance - state.used);
  }
  return { state, sum };
}

describe('the ledger', () => {
  it('opens a trial with 50,000 tokens ending 14 days later', () => {
    const { next, entries } = openAccount('u1', 'trial', t0);
    expect(next.allowance).toBe(50_000);
    expect(next.balance).toBe(50_000);
    expect(next.periodEnd?.getTime()).toBe(t0.getTime() + 14 * day);
    expect(entries).toEqual([{ kind: 'grant', amount: 50_000, tokens: 50_000, meta: { plan: 'trial' } }]);
  });

  it('holds, then charges the real usage and gives back the rest', () => {
    const { state } = run(
      (s) => hold(s, 6000),
      (s) => settleUsage(s, 6000, { inputTokens: 2500, outputTokens: 1500, savedTokens: 1000 }, 'r1'),
    );
    expect(state.used).toBe(4000);
    expect(state.held).toBe(0);
    expect(remainingOf(state)).toBe(46_000);
    expect(state.periodUsage).toEqual({ input: 2500, output: 1500, saved: 1000, requests: 1 });
  });

  it('never charges a trial past its allowance: the overshoot is written off', () => {
    let outcome: ReturnType<typeof settleUsage> | undefined;
    const { state } = run(
      (s) => hold(s, 48_000),
      (s) => settleUsage(s, 48_000, { inputTokens: 40_000, outputTokens: 8_000, savedTokens: 0 }, 'big'),
      (s) => hold(s, 2_000),
      (s) => {
        outcome = settleUsage(s, 2_000, { inputTokens: 3_000, outputTokens: 2_000, savedTokens: 0 }, 'last');
        return outcome;
      },
    );
    expect(outcome).toMatchObject({ charged: 2_000, writtenOff: 3_000, overage: 0, remaining: 0 });
    expect(state.used).toBe(50_000);
    expect(state.balance).toBe(0);
  });

  it('charges Professional overage beyond the allowance, up to the cap', () => {
    const pro = (s: AccountState) =>
      startPeriod(s, termsFor('professional', t0, { interval: 'monthly' }), 'subscribed');
    let outcome: ReturnType<typeof settleUsage> | undefined;
    const { state } = run(
      pro,
      (s) => settleUsage(s, 0, { inputTokens: 900_000, outputTokens: 50_000, savedTokens: 0 }, 'a'),
      (s) => {
        outcome = settleUsage(s, 0, { inputTokens: 100_000, outputTokens: 20_000, savedTokens: 0 }, 'b');
        return outcome;
      },
    );
    expect(outcome).toMatchObject({ charged: 120_000, overage: 70_000, remaining: 0 });
    expect(state.overageTokens).toBe(70_000);
    expect(state.balance).toBe(-70_000);
    expect(availableOf(state)).toBe(2_000_000 - 70_000);
  });

  it('resets what is left at a new period (no rollover) and keeps open reservations held', () => {
    const { state } = run(
      (s) => settleUsage(s, 0, { inputTokens: 10_000, outputTokens: 0, savedTokens: 0 }, 'a'),
      (s) => hold(s, 5_000),
      (s) => startPeriod(s, termsFor('professional', t0, { interval: 'yearly' }), 'subscribed'),
    );
    expect(state.plan).toBe('professional');
    expect(state.used).toBe(0);
    expect(state.held).toBe(5_000);
    expect(state.balance).toBe(995_000);
  });

  it('journals a held and settled request as one usage entry', () => {
    const opened = openAccount('u1', 'trial', t0).next;
    const held = hold(opened, 6000);
    expect(held.entries).toEqual([]);
    const settled = settleUsage(held.next, 6000, { inputTokens: 2500, outputTokens: 1500, savedTokens: 0 }, 'r1');
    expect(settled.entries).toEqual([
      { kind: 'usage', amount: -4000, tokens: 4000, requestId: 'r1', meta: { input: 2500, output: 1500, saved: 0 } },
    ]);
  });

  it('releases a reservation in full', () => {
    const { state } = run(
      (s) => hold(s, 7_000),
      (s) => releaseHold(s, 7_000),
    );
    expect(state.balance).toBe(50_000);
  });

  it('renews a billing-off Professional month by itself, and ends a cancelled one in basic', () => {
    const { state } = run(
      (s) => startPeriod(s, termsFor('professional', t0, { interval: 'monthly' }), 'subscribed'),
      (s) => settleUsage(s, 0, { inputTokens: 300_000, outputTokens: 0, savedTokens: 0 }, 'a'),
    );
    expect(applyTime(state, new Date(t0.getTime() + 10 * day))).toBeNull();
    const renewed = applyTime(state, new Date('2025-04-12T00:00:00Z'));
    expect(renewed?.next.used).toBe(0);
    expect(renewed?.next.periodStart.toISOString()).toBe('2025-04-10T09:00:00.000Z');
    expect(renewed?.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['reset', -700_000],
      ['grant', 1_000_000],
    ]);
    const cancelled = { ...state, accessUntil: new Date('2025-03-20T00:00:00Z') };
    const ended = applyTime(cancelled, new Date('2025-03-20T00:00:01Z'));
    expect(ended?.next.plan).toBe('basic');
    expect(ended?.next.allowance).toBe(0);
    expect(ended?.planChange).toEqual({ from: 'professional', to: 'basic', reason: 'ended' });
  });

  it('waits for the payment of a Stripe monthly renewal instead of granting it', () => {
    const terms = termsFor('professional', t0, { interval: 'monthly', paidUntil: new Date('2025-04-10T09:00:00Z') });
    const { state } = run((s) => startPeriod(s, terms, 'subscribed'));
    expect(applyTime(state, new Date('2025-04-11T00:00:00Z'))).toBeNull();
  });

  it('reports the trial as ended by time or by tokens', () => {
    const opened = openAccount('u1', 'trial', t0).next;
    expect(statusOf(opened, t0)).toBe('active');
    expect(statusOf(opened, new Date(t0.getTime() + 14 * day))).toBe('trial_ended');
    expect(statusOf({ ...opened, used: 50_000, balance: 0 }, t0)).toBe('trial_ended');
  });

  it('computes the savings percentage over everything the request would have cost', () => {
    expect(savingsPercentage({ inputTokens: 3000, outputTokens: 1000, savedTokens: 1000 })).toBe(20);
    expect(savingsPercentage({ inputTokens: 0, outputTokens: 0, savedTokens: 0 })).toBe(0);
  });
});
