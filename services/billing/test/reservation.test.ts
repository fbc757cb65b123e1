import { describe, expect, it } from 'vitest';
import type { AccountState } from '../src/domain/account';
import { openAccount, startPeriod, termsFor } from '../src/domain/ledger';
import { decideReservation } from '../src/domain/reservation';

const t0 = new Date('2025-03-10T09:00:00Z');
const trial = (over: Partial<AccountState> = {}): AccountState => ({ ...openAccount('u', 'trial', t0).next, ...over });
const spent = (s: AccountState, used: number): AccountState => ({ ...s, used, balance: s.allowance - used - s.held });

describe('deciding a reservation', () => {
  it('holds the estimate when it fits', () => {
    expect(decideReservation(trial(), 6000, t0)).toEqual({ ok: true, amount: 6000 });
  });

  it('refuses a trial after 14 days with the trial-ended message', () => {
    const d = decideReservation(trial(), 100, new Date(t0.getTime() + 14 * 86_400_000));
    expect(d).toMatchObject({ ok: false, code: 'trial_ended', plan: 'trial', remaining: 50_000 });
    expect(!d.ok && d.message).toBe(
      'Your free trial has ended. Upgrade to Professional to keep researching with Gene.',
    );
  });

  it('ends the trial when its 50,000 tokens are used', () => {
    expect(decideReservation(spent(trial(), 50_000), 1, t0)).toMatchObject({
      ok: false,
      code: 'trial_ended',
      remaining: 0,
    });
  });

  it('refuses for low balance under 10,000 tokens when the estimate is more', () => {
    const s = spent(trial(), 45_000);
    const d = decideReservation(s, 6_000, t0);
    expect(d).toMatchObject({ ok: false, code: 'low_balance', remaining: 5_000 });
    expect(!d.ok && d.message).toContain('5,000 tokens left');
    expect(decideReservation(s, 4_000, t0)).toEqual({ ok: true, amount: 4_000 });
  });

  it('holds what is left when at least 10,000 remain but the estimate is larger', () => {
    expect(decideReservation(spent(trial(), 30_000), 60_000, t0)).toEqual({ ok: true, amount: 20_000 });
  });

  it('lets Professional run into overage, then refuses at the cap with the renewal date', () => {
    const pro = startPeriod(trial(), termsFor('professional', t0, { interval: 'monthly' }), 'subscribed').next;
    expect(decideReservation(spent(pro, 1_000_000), 6_000, t0)).toEqual({ ok: true, amount: 6_000 });
    const capped = decideReservation(spent(pro, 3_000_000), 6_000, t0);
    expect(capped).toMatchObject({ ok: false, code: 'limit_reached', plan: 'professional', remaining: 0 });
    expect(!capped.ok && capped.message).toContain('April 10, 2025');
  });

  it('refuses a basic account, pointing to the subscription', () => {
    const basic = startPeriod(trial(), termsFor('basic', t0), 'ended').next;
    const d = decideReservation(basic, 10, t0);
    expect(d).toMatchObject({ ok: false, code: 'limit_reached', plan: 'basic' });
    expect(!d.ok && d.message).toBe(
      'Your Professional subscription has ended. Subscribe again to keep researching with Gene.',
    );
  });
});
