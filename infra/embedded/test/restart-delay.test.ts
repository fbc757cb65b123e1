import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the launcher, without type declarations
import { BACKOFF, restartDelay } from '../supervisor.mjs';

describe('restart backoff of a crashed service', () => {
  it('starts at 250 ms, doubles per consecutive crash and stops growing at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => restartDelay(n))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(BACKOFF.stableAfterMs).toBe(60_000);
  });
});
