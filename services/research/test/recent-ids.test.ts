import { describe, expect, it } from 'vitest';
import { RecentIds } from '../src/domain/recent-ids';
import { ReservationHints } from '../src/live/reservation-hints';

describe('RecentIds', () => {
  it('keeps the most recently added ids only', () => {
    const ids = new RecentIds(2);
    ids.add('a');
    ids.add('b');
    ids.add('a'); // a is now the newest
    ids.add('c'); // b, the oldest, goes
    expect(['a', 'b', 'c'].map((id) => ids.has(id))).toEqual([true, false, true]);
    ids.delete('a');
    expect(ids.has('a')).toBe(false);
  });
});

describe('ReservationHints', () => {
  it('expects a bare prompt until the conversation has messages or the library answers the user', () => {
    const hints = new ReservationHints();
    expect(hints.likelyBare('u', 'c1')).toBe(true);
    hints.learn('u', 'c1', false);
    expect(hints.likelyBare('u', 'c1')).toBe(false);
    expect(hints.likelyBare('u', 'c2')).toBe(true);
    expect(hints.likelyBare('u', null)).toBe(true);
    hints.learn('u', null, true);
    expect(hints.likelyBare('u', null)).toBe(false);
    expect(hints.likelyBare('v', null)).toBe(true);
    // The library no longer answers (documents deleted): bare again.
    hints.learn('u', null, false);
    expect(hints.likelyBare('u', null)).toBe(true);
  });
});
