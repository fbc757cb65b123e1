import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  doubleTapView,
  fitView,
  focusView,
  isDoubleTap,
  panBy,
  pinch,
  type Point,
  TAP_SLOP,
  type Tap,
  type ZoomBox,
  type ZoomView,
  ZOOM_STEP,
  zoomAt,
} from './zoom';

const IDENTITY: ZoomView = { scale: 1, x: 0, y: 0 };
/** Arrow keys move the image by this many pixels. */
const KEY_PAN = 60;

interface Gesture {
  /** Where each pointer on the stage is now. */
  pointers: Map<number, Point>;
  /** The first pointer's position when it came down (a tap moves less than TAP_SLOP). */
  downAt: Point | null;
  /** A second pointer joined: the gesture is a pinch, not a tap. */
  multi: boolean;
  pinchStart: { view: ZoomView; distance: number; mid: Point } | null;
  lastTap: Tap | null;
}

const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Zoom and pan of one image on a stage, with pointer events (mouse, pen and touch alike) and a
 * CSS transform: pinch and double tap zoom, a drag pans, ctrl + wheel (a trackpad pinch) zooms,
 * the wheel pans. The stage needs `touch-action: none` so the browser leaves the gestures to us.
 * `resetKey` (the image URL) fits a newly shown image to the width.
 */
export function useZoomPan(resetKey: string) {
  const stageRef = useRef<HTMLElement>(null);
  const [stage, setStage] = useState({ width: 0, height: 0 });
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [view, setView] = useState<ZoomView>(IDENTITY);
  const gesture = useRef<Gesture>({ pointers: new Map(), downAt: null, multi: false, pinchStart: null, lastTap: null });

  const box: ZoomBox | null =
    natural && stage.width > 0
      ? {
          stageWidth: stage.width,
          stageHeight: stage.height,
          contentWidth: stage.width,
          contentHeight: (stage.width * natural.height) / natural.width,
        }
      : null;
  const boxRef = useRef(box);
  boxRef.current = box;

  // The stage's size, followed as the window (or the phone's orientation) changes.
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const measure = () => setStage({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new image starts unmeasured and unzoomed
  useEffect(() => {
    setNatural(null);
    setView(IDENTITY);
    gesture.current.lastTap = null;
  }, [resetKey]);

  // The first layout of an image, and any resize of the stage, keep the view within the edges.
  const boxKey = box ? `${box.stageWidth}x${box.stageHeight}x${box.contentHeight}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-clamp only when the geometry changes
  useEffect(() => {
    if (box) setView((v) => (v === IDENTITY ? fitView(box) : zoomAt(v, box, v.scale, 0, 0)));
  }, [boxKey]);

  const update = useCallback((f: (v: ZoomView, b: ZoomBox) => ZoomView) => {
    const b = boxRef.current;
    if (b) setView((v) => f(v, b));
  }, []);

  const zoomIn = useCallback(
    () => update((v, b) => zoomAt(v, b, v.scale * ZOOM_STEP, b.stageWidth / 2, b.stageHeight / 2)),
    [update],
  );
  const zoomOut = useCallback(
    () => update((v, b) => zoomAt(v, b, v.scale / ZOOM_STEP, b.stageWidth / 2, b.stageHeight / 2)),
    [update],
  );
  const fit = useCallback(() => update((_v, b) => fitView(b)), [update]);
  /** Shows a region of the image (0–1 fractions) in the middle of the stage, readable (a search highlight). */
  const focusOn = useCallback(
    (region: { x: number; y: number; w: number; h: number }) => update((v, b) => focusView(v, b, region)),
    [update],
  );

  // Wheel: React's wheel listeners are passive, and the page must not scroll or zoom under the image.
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      if (e.ctrlKey) {
        const factor = Math.exp(-e.deltaY / 200);
        update((v, b) => zoomAt(v, b, v.scale * factor, e.clientX - rect.left, e.clientY - rect.top));
      } else update((v, b) => panBy(v, b, -e.deltaX, -e.deltaY));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [update]);

  const at = (e: PointerEvent<HTMLElement>): Point => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // A mouse drag over the page's text layer selects its words (as in a PDF viewer); elsewhere it pans.
    if (e.pointerType === 'mouse' && e.target instanceof Element && e.target.closest('[data-selectable-text]')) return;
    const g = gesture.current;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = at(e);
    g.pointers.set(e.pointerId, p);
    if (g.pointers.size === 1) {
      g.downAt = p;
      g.multi = false;
    } else if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()];
      g.multi = true;
      g.pinchStart = { view, distance: distance(a, b), mid: midpoint(a, b) };
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const g = gesture.current;
    const last = g.pointers.get(e.pointerId);
    if (!last) return;
    const p = at(e);
    g.pointers.set(e.pointerId, p);
    if (g.pointers.size >= 2 && g.pinchStart) {
      const [a, b] = [...g.pointers.values()];
      const start = g.pinchStart;
      update((_v, box) => pinch(start.view, box, start.distance, start.mid, distance(a, b), midpoint(a, b)));
    } else if (g.pointers.size === 1) update((v, box) => panBy(v, box, p.x - last.x, p.y - last.y));
  };

  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const g = gesture.current;
    if (!g.pointers.has(e.pointerId)) return;
    const p = at(e);
    g.pointers.delete(e.pointerId);
    if (g.pointers.size < 2) g.pinchStart = null;
    if (g.pointers.size > 0) return;
    const tapped = !g.multi && g.downAt !== null && distance(g.downAt, p) < TAP_SLOP;
    g.downAt = null;
    if (!tapped) return;
    const tap = { ...p, time: e.timeStamp };
    if (isDoubleTap(g.lastTap, tap)) {
      g.lastTap = null;
      update((v, box) => doubleTapView(v, box, p));
    } else g.lastTap = tap;
  };

  const onPointerCancel = (e: PointerEvent<HTMLElement>) => {
    const g = gesture.current;
    g.pointers.delete(e.pointerId);
    if (g.pointers.size < 2) g.pinchStart = null;
    if (g.pointers.size === 0) g.downAt = null;
  };

  // + / - / 0 zoom and fit wherever the focus is in the viewer (the page under the modal is inert).
  useEffect(() => {
    const keys: Record<string, () => void> = { '+': zoomIn, '=': zoomIn, '-': zoomOut, _: zoomOut, '0': fit };
    const onKey = (e: globalThis.KeyboardEvent) => {
      const action = keys[e.key];
      if (!action || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable="true"]'))
        return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoomIn, zoomOut, fit]);

  /** The arrow keys move the image while the stage has the focus (keyboard users, screen magnifiers). */
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, KEY_PAN],
      ArrowDown: [0, -KEY_PAN],
      ArrowLeft: [KEY_PAN, 0],
      ArrowRight: [-KEY_PAN, 0],
    };
    const move = moves[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    update((v, b) => panBy(v, b, move[0], move[1]));
  };

  return {
    stageRef,
    view,
    ready: box !== null,
    zoomIn,
    zoomOut,
    fit,
    focusOn,
    /** The image's natural size once loaded (the text layer over it keeps its proportions). */
    natural,
    onKeyDown,
    onImageLoad: (img: HTMLImageElement) =>
      setNatural({ width: img.naturalWidth || 1, height: img.naturalHeight || 1 }),
    stageHandlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
  };
}
