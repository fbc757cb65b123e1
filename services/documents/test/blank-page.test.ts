import { describe, expect, it } from 'vitest';
import { BLANK_RULE, inkShare, isBlank } from '../src/library/domain/blank-page';

/** The blank-page rule on grey pixels (issue 29, point 5): paper is the most common level, ink 48+ levels darker. */
describe('isBlank', () => {
  const page = (fill: number, n = 100_000) => new Uint8Array(n).fill(fill);

  it('calls an even page blank, white or off-white, with or without faint noise', () => {
    expect(isBlank(page(255))).toBe(true);
    const noisy = page(240).map((_, i) => 236 + (i % 9));
    expect(isBlank(noisy)).toBe(true);
    // A faint bleed-through (30 levels darker) is not ink.
    const bleed = page(245).fill(215, 0, 5000);
    expect(isBlank(bleed)).toBe(true);
  });

  it('calls a page with a few dark specks blank, and one with a short word on it not', () => {
    const specks = page(250);
    for (let i = 0; i < 3; i++) specks[i * 997] = 60;
    expect(inkShare(specks)).toBeLessThanOrEqual(BLANK_RULE.maxInkShare);
    expect(isBlank(specks)).toBe(true);
    const word = page(250).fill(20, 500, 500 + 20);
    expect(isBlank(word)).toBe(false);
  });

  it('measures ink against the paper, not against white (a dark scan of a written page is not blank)', () => {
    const grey = page(150).fill(90, 0, 200);
    expect(inkShare(grey)).toBeCloseTo(200 / 100_000, 6);
    expect(isBlank(grey)).toBe(false);
  });
});
