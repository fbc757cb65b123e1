import { describe, expect, it } from 'vitest';
import { pluralSeconds, retryAfterOf, secondsLeft } from './countdown';

describe('countdown', () => {
  it('counts whole seconds left, rounded up, and stops at 0', () => {
    expect(secondsLeft(30_000, 0)).toBe(30);
    expect(secondsLeft(30_000, 1)).toBe(30);
    expect(secondsLeft(30_000, 1_001)).toBe(29);
    expect(secondsLeft(30_000, 29_999)).toBe(1);
    expect(secondsLeft(30_000, 30_000)).toBe(0);
    expect(secondsLeft(30_000, 90_000)).toBe(0);
  });

  it('reads retryAfterSeconds from an error body, ignoring anything else', () => {
    expect(retryAfterOf({ error: 'Please wait 29 seconds', retryAfterSeconds: 29 })).toBe(29);
    expect(retryAfterOf({ retryAfterSeconds: 2.2 })).toBe(3);
    expect(retryAfterOf({ retryAfterSeconds: 0 })).toBeNull();
    expect(retryAfterOf({ retryAfterSeconds: '29' })).toBeNull();
    expect(retryAfterOf({})).toBeNull();
  });

  it('says second or seconds', () => {
    expect(pluralSeconds(1)).toBe('1 second');
    expect(pluralSeconds(29)).toBe('29 seconds');
  });
});
