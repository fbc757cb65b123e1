import { ALBUM_STYLES } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import {
  fitContain,
  LANDSCAPE_PAGE,
  PAGE,
  paginate,
  printPixels,
  type Rect,
  STYLE_LAYOUTS,
  shouldFill,
} from '../src/domain/layout';

const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - 1e-6 &&
  inner.y >= outer.y - 1e-6 &&
  inner.x + inner.width <= outer.x + outer.width + 1e-6 &&
  inner.y + inner.height <= outer.y + outer.height + 1e-6;
const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('page layouts', () => {
  it.each(ALBUM_STYLES)('%s: every box is on the page and no two boxes overlap', (style) => {
    const { width, height } = STYLE_LAYOUTS[style].page;
    const page = { x: 0, y: 0, width, height };
    const boxes = STYLE_LAYOUTS[style].slots.flatMap((s) => [s.photo, s.text]);
    for (const b of boxes) {
      expect(inside(b, page)).toBe(true);
      expect(b.width).toBeGreaterThan(0);
      expect(b.height).toBeGreaterThan(0);
    }
    // Photos never overlap anything; a single-photo page's words may start higher (they follow the photo's bottom).
    const slots = STYLE_LAYOUTS[style].slots;
    for (const [i, a] of slots.entries()) {
      for (const [j, b] of slots.entries()) {
        if (i !== j)
          expect(overlap(a.photo, b.photo) || overlap(a.photo, b.text) || overlap(a.text, b.text)).toBe(false);
      }
    }
  });

  it('the styles lay out different numbers of photos a page', () => {
    expect(Object.fromEntries(ALBUM_STYLES.map((s) => [s, STYLE_LAYOUTS[s].slots.length]))).toEqual({
      classic: 1,
      modern: 2,
      vintage: 1,
      minimal: 4,
    });
  });

  it('prints minimal on landscape A4 and the other styles on portrait A4', () => {
    expect(Object.fromEntries(ALBUM_STYLES.map((s) => [s, STYLE_LAYOUTS[s].page]))).toEqual({
      classic: PAGE,
      modern: PAGE,
      vintage: PAGE,
      minimal: LANDSCAPE_PAGE,
    });
    expect(LANDSCAPE_PAGE).toEqual({ width: 841.89, height: 595.28 });
  });

  it('paginates photos in order, the last page holding the rest', () => {
    expect(paginate(5, 2)).toEqual([[0, 1], [2, 3], [4]]);
    expect(paginate(4, 4)).toEqual([[0, 1, 2, 3]]);
    expect(paginate(0, 4)).toEqual([]);
    expect(paginate(500, 1)).toHaveLength(500);
  });
});

describe('fitting photos', () => {
  const box = { x: 100, y: 200, width: 400, height: 300 };

  it('fits a wide photo to the width and a tall one to the height, centred, keeping proportions', () => {
    expect(fitContain(4000, 2000, box)).toEqual({ x: 100, y: 250, width: 400, height: 200 });
    expect(fitContain(1000, 2000, box)).toEqual({ x: 225, y: 200, width: 150, height: 300 });
    expect(fitContain(4000, 3000, box)).toEqual(box);
  });

  it('fills a box only when the crop loses little', () => {
    expect(shouldFill(4000, 3000, box)).toBe(true);
    expect(shouldFill(4200, 3000, box)).toBe(true);
    expect(shouldFill(3000, 4000, box)).toBe(false);
    expect(shouldFill(4000, 1000, box)).toBe(false);
  });

  it('sizes photos to 300 dpi at their printed size and never enlarges them', () => {
    // 6 × 4 inches at 300 dpi.
    expect(printPixels({ width: 432, height: 288 }, { width: 4000, height: 3000 })).toEqual({
      width: 1800,
      height: 1200,
    });
    // A small original keeps its own pixels (scaled down together so the proportions hold).
    expect(printPixels({ width: 432, height: 288 }, { width: 900, height: 600 })).toEqual({ width: 900, height: 600 });
    expect(printPixels({ width: 72, height: 72 }, { width: 4000, height: 3000 }, 150)).toEqual({
      width: 150,
      height: 150,
    });
  });
});
