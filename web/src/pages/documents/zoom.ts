/**
 * The arithmetic of the viewer's zoom and pan (no DOM): the image is laid out at the stage's
 * width ("fit to width", scale 1) and shown through `translate(x, y) scale(scale)` with its
 * origin at the top left, so a point p of the image appears at (x + p.x * scale, y + p.y * scale).
 */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

/** The stage's size and the image's size at scale 1 (laid out at the stage's width). */
export interface ZoomBox {
  stageWidth: number;
  stageHeight: number;
  contentWidth: number;
  contentHeight: number;
}

export const MAX_SCALE = 6;
/** One press of + or - (and one notch of ctrl + wheel is a fraction of it). */
export const ZOOM_STEP = 1.25;
/** Where a double tap zooms to from fit to width. */
export const DOUBLE_TAP_SCALE = 2.5;

/** Zoom out no further than the whole page in view (and never below fit to width for a short image). */
export function minScale(box: ZoomBox): number {
  if (box.contentHeight <= 0) return 1;
  return Math.min(1, box.stageHeight / box.contentHeight);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** One axis: an image narrower than the stage is centred, a wider one may not leave a gap at either edge. */
function clampOffset(offset: number, size: number, stage: number): number {
  return size <= stage ? (stage - size) / 2 : clamp(offset, stage - size, 0);
}

/** The view brought within the scale limits and the stage's edges. */
export function clampView(v: ZoomView, box: ZoomBox): ZoomView {
  const scale = clamp(v.scale, minScale(box), MAX_SCALE);
  return {
    scale,
    x: clampOffset(v.x, box.contentWidth * scale, box.stageWidth),
    y: clampOffset(v.y, box.contentHeight * scale, box.stageHeight),
  };
}

/** Fit to width, from the top of the page. */
export function fitView(box: ZoomBox): ZoomView {
  return clampView({ scale: 1, x: 0, y: 0 }, box);
}

/** Zoom to `scale`, keeping the image point under (px, py) of the stage where it is. */
export function zoomAt(v: ZoomView, box: ZoomBox, scale: number, px: number, py: number): ZoomView {
  const next = clamp(scale, minScale(box), MAX_SCALE);
  const ratio = next / v.scale;
  return clampView({ scale: next, x: px - (px - v.x) * ratio, y: py - (py - v.y) * ratio }, box);
}

/** Move the image by (dx, dy) stage pixels. */
export function panBy(v: ZoomView, box: ZoomBox, dx: number, dy: number): ZoomView {
  return clampView({ ...v, x: v.x + dx, y: v.y + dy }, box);
}

/**
 * A two-finger gesture: `start` is the view when the second finger came down, the fingers were
 * `startDistance` apart around `startMid`; they are now `distance` apart around `mid`. The image
 * point under the first midpoint follows the fingers, and the scale follows their spread.
 */
export function pinch(
  start: ZoomView,
  box: ZoomBox,
  startDistance: number,
  startMid: Point,
  distance: number,
  mid: Point,
): ZoomView {
  const scale = clamp(start.scale * (distance / Math.max(startDistance, 1)), minScale(box), MAX_SCALE);
  const contentX = (startMid.x - start.x) / start.scale;
  const contentY = (startMid.y - start.y) / start.scale;
  return clampView({ scale, x: mid.x - contentX * scale, y: mid.y - contentY * scale }, box);
}

export interface Point {
  x: number;
  y: number;
}

export interface Tap extends Point {
  time: number;
}

export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_DISTANCE = 30;
/** A pointer that moved further than this between down and up was a drag, not a tap. */
export const TAP_SLOP = 10;

/** Two taps make a double tap when under 300 ms and 30 px apart (the `dblclick` event is unreliable on touch). */
export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  if (!previous) return false;
  return (
    tap.time - previous.time < DOUBLE_TAP_MS && Math.hypot(tap.x - previous.x, tap.y - previous.y) < DOUBLE_TAP_DISTANCE
  );
}

/** A double tap zooms in at the tap from fit to width, and back to fit to width when zoomed. */
export function doubleTapView(v: ZoomView, box: ZoomBox, at: Point): ZoomView {
  return v.scale > 1.01 ? fitView(box) : zoomAt(v, box, DOUBLE_TAP_SCALE, at.x, at.y);
}

/** A highlighted word is zoomed to at least this many pixels high, so it can be read where it is shown. */
export const FOCUS_MIN_HEIGHT = 24;

/**
 * The view that shows a region of the image (as 0–1 fractions of its width and height) in the
 * middle of the stage: zoomed in until it is FOCUS_MIN_HEIGHT px high (never zoomed out below the
 * current scale, unless the region would be wider than the stage).
 */
export function focusView(v: ZoomView, box: ZoomBox, region: { x: number; y: number; w: number; h: number }): ZoomView {
  const width = Math.max(region.w * box.contentWidth, 1);
  const height = Math.max(region.h * box.contentHeight, 1);
  const scale = Math.min(Math.max(v.scale, FOCUS_MIN_HEIGHT / height), (box.stageWidth * 0.9) / width, MAX_SCALE);
  const cx = (region.x + region.w / 2) * box.contentWidth;
  const cy = (region.y + region.h / 2) * box.contentHeight;
  return clampView({ scale, x: box.stageWidth / 2 - cx * scale, y: box.stageHeight / 2 - cy * scale }, box);
}
