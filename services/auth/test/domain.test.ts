import { describe, expect, it } from 'vitest';
import { toE164 } from '../src/domain/phone';
import { isRedeemable, normalizePromoCode } from '../src/domain/promo-code';
import { decideResend, minutesUntil, tooManyAttemptsMessage } from '../src/domain/rate-limit';
import {
  attemptsLeftAfterFailure,
  codeMatches,
  codeUsability,
  generateCode,
  hashCode,
  MESSAGES,
} from '../src/domain/verification-code';

const now = new Date('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('toE164', () => {
  it('reads 10 digits as a US number, keeps explicit country codes, refuses impossible numbers', () => {
    expect(toE164('(555) 123-4567')).toBe('+15551234567');
    expect(toE164('555.123.4567')).toBe('+15551234567');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('(555) 123')).toBeNull();
    expect(toE164('')).toBeNull();
    expect(toE164('call me maybe')).toBeNull();
  });
});

describe('promo codes', () => {
  it('upper-cases and accepts only letters, digits and hyphens up to 20 characters', () => {
    expect(normalizePromoCode(' spring-25 ')).toBe('SPRING-25');
    expect(normalizePromoCode('')).toBeNull();
    expect(normalizePromoCode('has space')).toBeNull();
    expect(normalizePromoCode('A'.repeat(21))).toBeNull();
  });

  it('are redeemable while active, unexpired and under their use limit', () => {
    const base = { active: true, maxUses: null, uses: 0, expiresAt: null };
    expect(isRedeemable(base, now)).toBe(true);
    expect(isRedeemable({ ...base, active: false }, now)).toBe(false);
    expect(isRedeemable({ ...base, maxUses: 2, uses: 2 }, now)).toBe(false);
    expect(isRedeemable({ ...base, expiresAt: ago(1) }, now)).toBe(false);
  });
});

describe('verification codes', () => {
  it('are 6 digits, stored salted and hashed, and matched only exactly', () => {
    const code = generateCode();
    expect(code).toMatch(/^\d{6}$/);
    const stored = hashCode(code);
    expect(stored).not.toContain(code);
    expect(hashCode(code)).not.toBe(stored);
    expect(codeMatches(code, stored)).toBe(true);
    expect(codeMatches(code === '123456' ? '654321' : '123456', stored)).toBe(false);
    expect(codeMatches(code, 'corrupt')).toBe(false);
  });

  it('expire after their time and after 5 wrong tries', () => {
    expect(codeUsability(undefined, now)).toBe('none');
    expect(codeUsability({ expiresAt: new Date(now.getTime() + 1000), failedAttempts: 4 }, now)).toBe('ok');
    expect(codeUsability({ expiresAt: new Date(now.getTime() + 1000), failedAttempts: 5 }, now)).toBe('exhausted');
    expect(codeUsability({ expiresAt: now, failedAttempts: 0 }, now)).toBe('expired');
    expect(attemptsLeftAfterFailure({ expiresAt: now, failedAttempts: 0 })).toBe(4);
    expect(MESSAGES.wrong(1)).toBe('Incorrect verification code. 1 attempt left.');
  });
});

describe('rate limits', () => {
  it('round minutes up and never say 0', () => {
    expect(minutesUntil(new Date(now.getTime() + 61_000), now)).toBe(2);
    expect(minutesUntil(now, now)).toBe(1);
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(15)).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('allow a resend 30 s after the last code and 5 resends per hour', () => {
    expect(decideResend({ lastSentAt: null, resendsInLastHour: 0, oldestResendInLastHour: null }, now)).toEqual({
      ok: true,
    });
    expect(decideResend({ lastSentAt: ago(10_000), resendsInLastHour: 0, oldestResendInLastHour: null }, now)).toEqual({
      ok: false,
      retryAfterSeconds: 20,
      message: 'Please wait 20 seconds before requesting another code.',
    });
    expect(
      decideResend({ lastSentAt: ago(30_000), resendsInLastHour: 4, oldestResendInLastHour: ago(50 * 60_000) }, now),
    ).toEqual({ ok: true });
    expect(
      decideResend({ lastSentAt: ago(31_000), resendsInLastHour: 5, oldestResendInLastHour: ago(50 * 60_000) }, now),
    ).toEqual({
      ok: false,
      retryAfterSeconds: 600,
      message: 'You have requested too many codes. Please try again in 10 minutes.',
    });
  });
});
