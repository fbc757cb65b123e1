import { describe, expect, it } from 'vitest';
import { PLANS, overageCost, planDisplays, yearlySavings } from '../src/domain/plans';

describe('plans as data', () => {
  it('prices Professional at $100 a month or $1,044 a year, saving 13%', () => {
    expect(PLANS.professional.monthlyPrice).toBe(100);
    expect(PLANS.professional.yearlyPrice).toBe(1044);
    expect(yearlySavings()).toEqual({ percent: 13, amount: 156 });
  });

  it('gives the trial 50,000 tokens for 14 days with no overage', () => {
    expect(PLANS.trial.tokens).toBe(50_000);
    expect(PLANS.trial.trialDays).toBe(14);
    expect(PLANS.trial.overage).toBeNull();
    expect(PLANS.trial.overageCapTokens).toBe(0);
    expect(PLANS.trial.ctaLink).toBe('/register');
    expect(PLANS.trial.ctaText).toBe('Start Free Trial');
  });

  it('gives Professional 1,000,000 tokens a month and overage at $5.00 per 100,000', () => {
    expect(PLANS.professional.tokens).toBe(1_000_000);
    expect(PLANS.professional.overage).toMatchObject({ rate: 5, per: 100_000 });
    expect(PLANS.professional.popular).toBe(true);
    expect(PLANS.professional.ctaText).toBe('Subscribe Now');
    expect(overageCost(100_000)).toBe(5);
    expect(overageCost(250_000)).toBe(12.5);
    expect(overageCost(1)).toBe(0);
  });

  it('lists trial and professional on the pricing page; test and basic exist but are not listed', () => {
    const displays = planDisplays();
    expect(displays.map((p) => [p.id, p.listed])).toEqual([
      ['trial', true],
      ['professional', true],
      ['test', false],
      ['basic', false],
    ]);
    // Display data only: the ledger's rules stay on the server.
    expect(displays[0]).not.toHaveProperty('overageCapTokens');
  });
});
