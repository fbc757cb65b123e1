import { describe, expect, it } from 'vitest';
import {
  clampView,
  DOUBLE_TAP_SCALE,
  doubleTapView,
  FOCUS_MIN_HEIGHT,
  fitView,
  focusView,
  isDoubleTap,
  MAX_SCALE,
  minScale,
  panBy,
  pinch,
  type ZoomBox,
  zoomAt,
} from './zoom';

// A portrait scan laid out at a 350 px wide phone stage: 350 x 500 at scale 1 in a 350 x 400 stage.
const phone: ZoomBox = { stageWidth: 350, stageHeight: 400, contentWidth: 350, contentHeight: 500 };

describe('viewer zoom arithmetic', () => {
  it('fits to width from the top of the page, and centres a short image vertically', () => {
    expect(fitView(phone)).toEqual({ scale: 1, x: 0, y: 0 });
    const landscape = { ...phone, contentHeight: 200 };
    expect(fitView(landscape)).toEqual({ scale: 1, x: 0, y: 100 });
  });

  it('zooms out no further than the whole page in view, and in no further than the maximum', () => {
    expect(minScale(phone)).toBeCloseTo(0.8);
    expect(clampView({ scale: 0.1, x: 0, y: 0 }, phone).scale).toBeCloseTo(0.8);
    expect(clampView({ scale: 50, x: 0, y: 0 }, phone).scale).toBe(MAX_SCALE);
    // Zoomed out, the narrower page is centred across.
    expect(clampView({ scale: 0.8, x: 0, y: 0 }, phone)).toEqual({ scale: 0.8, x: 35, y: 0 });
  });

  it('keeps the point under the focus still when zooming', () => {
    const v = zoomAt(fitView(phone), phone, 2, 100, 100);
    expect(v).toEqual({ scale: 2, x: -100, y: -100 });
    // The image point (100, 100) is still drawn at stage (100, 100).
    expect(v.x + 100 * v.scale).toBe(100);
  });

  it('pans within the edges: no gap at either side of a zoomed image', () => {
    const zoomed = { scale: 2, x: -100, y: -100 };
    expect(panBy(zoomed, phone, 500, 500)).toEqual({ scale: 2, x: 0, y: 0 });
    expect(panBy(zoomed, phone, -5000, -5000)).toEqual({ scale: 2, x: 350 - 700, y: 400 - 1000 });
    // At fit to width only the vertical overflow can be panned.
    expect(panBy(fitView(phone), phone, -40, -40)).toEqual({ scale: 1, x: 0, y: -40 });
  });

  it('pinches: the scale follows the fingers spread, the point under them follows them', () => {
    const v = pinch(fitView(phone), phone, 100, { x: 175, y: 200 }, 200, { x: 175, y: 200 });
    expect(v.scale).toBe(2);
    expect(v.x + 175 * v.scale).toBe(175);
    expect(v.y + 200 * v.scale).toBe(200);
  });

  it('recognises a double tap only under 300 ms and 30 px apart', () => {
    const first = { x: 100, y: 100, time: 1000 };
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { x: 110, y: 110, time: 1250 })).toBe(true);
    expect(isDoubleTap(first, { x: 110, y: 110, time: 1300 })).toBe(false);
    expect(isDoubleTap(first, { x: 140, y: 100, time: 1100 })).toBe(false);
  });

  it('double tap zooms in at the tap, and a second double tap fits to width again', () => {
    const zoomed = doubleTapView(fitView(phone), phone, { x: 50, y: 50 });
    expect(zoomed.scale).toBe(DOUBLE_TAP_SCALE);
    expect(zoomed.x + 50 * zoomed.scale).toBeCloseTo(50);
    expect(doubleTapView(zoomed, phone, { x: 50, y: 50 })).toEqual(fitView(phone));
  });

  it('focuses a highlighted word: zoomed until readable, centred, within the edges', () => {
    // A word 0.01 of the page high is 5 px at fit to width on the phone: zoomed to 24 px.
    const word = { x: 0.4, y: 0.5, w: 0.1, h: 0.01 };
    const v = focusView(fitView(phone), phone, word);
    expect(v.scale).toBeCloseTo(FOCUS_MIN_HEIGHT / 5);
    expect(v.x + 0.45 * 350 * v.scale).toBeCloseTo(175);
    expect(v.y + 0.505 * 500 * v.scale).toBeCloseTo(200);
    // Already zoomed further in: the scale stays, the word is brought to the middle.
    expect(focusView({ scale: 6, x: 0, y: 0 }, phone, word).scale).toBe(MAX_SCALE);
    // A word in the top-left corner cannot be centred past the edges.
    const corner = focusView(fitView(phone), phone, { x: 0, y: 0, w: 0.05, h: 0.05 });
    expect(corner.x).toBe(0);
    expect(corner.y).toBe(0);
    // A wide region is not zoomed past the stage's width.
    expect(focusView(fitView(phone), phone, { x: 0, y: 0.5, w: 0.95, h: 0.01 }).scale).toBeCloseTo(0.9 / 0.95);
  });
});
