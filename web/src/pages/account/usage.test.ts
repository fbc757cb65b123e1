import { describe, expect, it } from 'vitest';
import { isWarning, usagePercent } from './usage';

describe('token usage display', () => {
  it('caps the bar at 100%', () => {
    expect(usagePercent(0, 50_000)).toBe(0);
    expect(usagePercent(42_500, 50_000)).toBe(85);
    expect(usagePercent(1_200_000, 1_000_000)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
  });

  it('warns above 80% only', () => {
    expect(isWarning(40_000, 50_000)).toBe(false);
    expect(isWarning(40_001, 50_000)).toBe(true);
    expect(isWarning(1_000_000, 1_000_000)).toBe(true);
  });
});
