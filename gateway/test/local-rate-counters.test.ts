import { describe, expect, it } from 'vitest';
import { LocalCounters } from '../src/hot-path/local-rate-counters';

describe('LocalCounters (rate limits of one process)', () => {
  it("counts a key's requests in a window that starts with its first one, and starts again once it ends", () => {
    let t = 1_000;
    const counters = new LocalCounters(10, () => t);
    expect(counters.incr('ip:a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    t += 15_000;
    expect(counters.incr('ip:a', 60_000)).toEqual({ current: 2, ttl: 45_000 });
    expect(counters.incr('ip:b', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    t += 45_000;
    expect(counters.incr('ip:a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps at most maxKeys keys, dropping the least recently counted', () => {
    const counters = new LocalCounters(2, () => 0);
    counters.incr('a', 60_000);
    counters.incr('b', 60_000);
    counters.incr('a', 60_000);
    counters.incr('c', 60_000); // drops b, counted longest ago
    expect(counters.incr('a', 60_000).current).toBe(3);
    expect(counters.incr('b', 60_000).current).toBe(1);
  });
});
