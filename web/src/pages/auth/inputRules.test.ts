import { describe, expect, it } from 'vitest';
import { filterPromoCode, filterVerificationCode, formatPhone, isCompletePhone, planFromQuery } from './inputRules';

describe('registration input rules', () => {
  it('masks the phone as (xxx) xxx-xxxx, digits only, at most 10 digits / 14 characters', () => {
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('555123')).toBe('(555) 123');
    expect(formatPhone('5551234')).toBe('(555) 123-4');
    expect(formatPhone('555-123-4567 ext 89')).toBe('(555) 123-4567');
    expect(formatPhone('(555) 123-45678')).toHaveLength(14);
    expect(formatPhone('abc')).toBe('');
    expect(isCompletePhone('(555) 123-4567')).toBe(true);
    expect(isCompletePhone('(555) 123-456')).toBe(false);
  });

  it('keeps letters, digits and hyphens of the promo code, upper-cased, at most 20', () => {
    expect(filterPromoCode('spring 25!')).toBe('SPRING25');
    expect(filterPromoCode('family-history')).toBe('FAMILY-HISTORY');
    expect(filterPromoCode('a'.repeat(30))).toHaveLength(20);
  });

  it('keeps at most 6 digits of the verification code', () => {
    expect(filterVerificationCode('12a3 4567')).toBe('123456');
  });

  it('reads only monthly or yearly from ?plan=', () => {
    expect(planFromQuery('monthly')).toBe('monthly');
    expect(planFromQuery('yearly')).toBe('yearly');
    expect(planFromQuery('weekly')).toBeNull();
    expect(planFromQuery(null)).toBeNull();
  });
});
