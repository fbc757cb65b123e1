import { describe, expect, it } from 'vitest';
import { openAccount } from '../src/domain/ledger';
import { type SubscriptionFacts, applySubscription, subscribeWithoutBilling } from '../src/domain/subscription';

const t0 = new Date('2025-03-10T09:00:00Z');
const trial = openAccount('u', 'trial', t0).next;
const facts = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  userId: 'u',
  status: 'active',
  interval: 'monthly',
  paidFrom: new Date('2025-03-10T10:00:00Z'),
  paidUntil: new Date('2025-04-10T10:00:00Z'),
  cancelAtPeriodEnd: false,
  endedAt: null,
  ...over,
});
const now = new Date('2025-03-10T10:00:05Z');

describe('applying a subscription', () => {
  it('makes a trial Professional for the paid period', () => {
    const c = applySubscription(trial, facts(), now)!;
    expect(c.next).toMatchObject({ plan: 'professional', allowance: 1_000_000, interval: 'monthly' });
    expect(c.next.periodEnd?.toISOString()).toBe('2025-04-10T10:00:00.000Z');
    expect(c.planChange).toEqual({ from: 'trial', to: 'professional', reason: 'subscribed' });
  });

  it('changes nothing when the same period is applied again (a second event about it)', () => {
    const pro = applySubscription(trial, facts(), now)!.next;
    expect(applySubscription(pro, facts(), now)).toBeNull();
  });

  it('resets the tokens when the next period is paid', () => {
    const pro = { ...applySubscription(trial, facts(), now)!.next, used: 400_000, balance: 600_000 };
    const next = facts({ paidFrom: new Date('2025-04-10T10:00:00Z'), paidUntil: new Date('2025-05-10T10:00:00Z') });
    const c = applySubscription(pro, next, new Date('2025-04-10T10:00:10Z'))!;
    expect(c.next.used).toBe(0);
    expect(c.next.balance).toBe(1_000_000);
    expect(c.entries.map((e) => e.kind)).toEqual(['reset', 'grant']);
    expect(c.planChange).toBeUndefined();
  });

  it('keeps a yearly subscriber on monthly token periods within the paid year', () => {
    const yearly = facts({ interval: 'yearly', paidUntil: new Date('2026-03-10T10:00:00Z') });
    const c = applySubscription(trial, yearly, now)!;
    expect(c.next.periodEnd?.toISOString()).toBe('2025-04-10T10:00:00.000Z');
    expect(c.next.paidUntil?.toISOString()).toBe('2026-03-10T10:00:00.000Z');
  });

  it('keeps access to the end of the paid period after cancellation, then basic', () => {
    const pro = applySubscription(trial, facts(), now)!.next;
    const cancelling = applySubscription(pro, facts({ cancelAtPeriodEnd: true }), now)!;
    expect(cancelling.next).toMatchObject({ plan: 'professional' });
    expect(cancelling.next.accessUntil?.toISOString()).toBe('2025-04-10T10:00:00.000Z');
    // Deleted at once (no cancel-at-period-end first): still Professional until the paid end.
    const deleted = applySubscription(pro, facts({ status: 'canceled', endedAt: now }), now)!;
    expect(deleted.next.plan).toBe('professional');
    expect(deleted.next.accessUntil?.toISOString()).toBe('2025-04-10T10:00:00.000Z');
    // The same news twice changes nothing.
    expect(applySubscription(deleted.next, facts({ status: 'canceled', endedAt: now }), now)).toBeNull();
    const afterEnd = applySubscription(
      cancelling.next,
      facts({ status: 'canceled', endedAt: now }),
      new Date('2025-04-10T10:00:00Z'),
    )!;
    expect(afterEnd.next.plan).toBe('basic');
  });

  it('with billing off, applies Professional at once and only relabels a second choice', () => {
    const c = subscribeWithoutBilling(trial, 'yearly', now)!;
    expect(c.next).toMatchObject({ plan: 'professional', interval: 'yearly', paidUntil: null });
    const again = subscribeWithoutBilling(c.next, 'monthly', now)!;
    expect(again.entries).toEqual([]);
    expect(again.next.interval).toBe('monthly');
  });
});
