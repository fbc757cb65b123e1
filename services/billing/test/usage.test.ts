import { describe, expect, it } from 'vitest';
import { openAccount, startPeriod, termsFor } from '../src/domain/ledger';
import { tokenUsageView } from '../src/domain/usage';

const t0 = new Date('2025-03-10T09:00:00Z');

describe('the Token Usage view of an account', () => {
  it('shows a trial’s period, usage and the savings share of all its tokens', () => {
    const trial = openAccount('u1', 'trial', t0).next;
    const used = {
      ...trial,
      used: 4000,
      balance: 46_000,
      periodUsage: { input: 2500, output: 1500, saved: 1000, requests: 2 },
    };
    const view = tokenUsageView(used, t0, false);
    expect(view).toMatchObject({
      tokensUsed: 4000,
      monthlyTokenLimit: 50_000,
      remaining: 46_000,
      plan: 'trial',
      status: 'active',
      billingEnabled: false,
    });
    // 1,000 saved of 5,000 tokens in all (input + output + saved), not of the input alone.
    expect(view.breakdown).toMatchObject({
      input: 2500,
      output: 1500,
      saved: 1000,
      savingsPercentage: 20,
      requests: 2,
      overageCost: 0,
    });
    expect(view.periodEnd).toBe(new Date(t0.getTime() + 14 * 86_400_000).toISOString());
  });

  it('prices Professional overage to the cent and shows no tokens remaining while on it', () => {
    const pro = startPeriod(
      openAccount('u2', 'trial', t0).next,
      termsFor('professional', t0, { interval: 'monthly' }),
      'test',
    ).next;
    const over = { ...pro, used: 1_012_345, balance: -12_345, overageTokens: 12_345 };
    const view = tokenUsageView(over, t0, true);
    expect(view.remaining).toBe(0);
    // 12,345 tokens at $5.00 per 100,000 = $0.617…, charged as $0.62.
    expect(view.breakdown.overageCost).toBe(0.62);
    expect(view).toMatchObject({
      plan: 'professional',
      status: 'active',
      billingInterval: 'monthly',
      billingEnabled: true,
    });
  });

  it('calls a trial past its end ended', () => {
    const trial = openAccount('u3', 'trial', t0).next;
    expect(tokenUsageView(trial, new Date(t0.getTime() + 15 * 86_400_000), false).status).toBe('trial_ended');
  });
});
