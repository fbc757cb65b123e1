import { describe, expect, it } from 'vitest';
import { addMonths, formatDay, monthlyPeriodAt } from '../src/domain/period';

const d = (s: string) => new Date(s);

describe('monthly periods', () => {
  it('adds calendar months, clamping to the end of shorter months without drifting', () => {
    const anchor = d('2025-01-31T10:00:00Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(anchor, 2).toISOString()).toBe('2025-03-31T10:00:00.000Z');
    expect(addMonths(anchor, 13).toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });

  it('finds the period containing a moment, counted from the anchor', () => {
    const anchor = d('2025-01-15T00:00:00Z');
    const p = monthlyPeriodAt(anchor, d('2025-04-20T12:00:00Z'));
    expect(p.start.toISOString()).toBe('2025-04-15T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2025-05-15T00:00:00.000Z');
    const atBoundary = monthlyPeriodAt(anchor, d('2025-05-15T00:00:00Z'));
    expect(atBoundary.start.toISOString()).toBe('2025-05-15T00:00:00.000Z');
  });

  it('never runs past the paid period', () => {
    const anchor = d('2025-01-15T00:00:00Z');
    const p = monthlyPeriodAt(anchor, d('2025-01-20T00:00:00Z'), d('2025-02-01T00:00:00Z'));
    expect(p.end.toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });

  it('writes dates the way Gene says them', () => {
    expect(formatDay(d('2026-03-03T23:30:00Z'))).toBe('March 3, 2026');
  });
});
