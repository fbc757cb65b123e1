import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type UIEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

export interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN_SCALE = 0.05;
const MAX_SCALE = 4;
/** Movement (px) after which a press is a drag, not a click on a person. */
const DRAG_SLOP = 5;
const KEY_STEP = 48;
const ZOOM_STEP = 1.25;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/**
 * Pan and zoom of a drawing of `size` inside a viewport: drag (mouse, pen, one finger), pinch (two
 * fingers), the wheel (towards the pointer), the arrow keys, + and -, 0 to fit. The drawing starts
 * fitted to the viewport (never enlarged past its own size), and is fitted again when the window
 * changes size until the user moves or zooms it. A press that moved is a drag, and the
 * click that ends it is swallowed so a person's link does not open.
 */
export function usePanZoom(size: { width: number; height: number } | null) {
  const viewport = useRef<HTMLElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(0);

  /** Still as fitted (not moved or zoomed since): a resized window fits the drawing again. */
  const fitted = useRef(true);

  const fit = useCallback(() => {
    const el = viewport.current;
    if (!el || !size) return;
    const scale = clampScale(Math.min(el.clientWidth / size.width, el.clientHeight / size.height, 1));
    setView({ scale, x: (el.clientWidth - size.width * scale) / 2, y: (el.clientHeight - size.height * scale) / 2 });
    fitted.current = true;
  }, [size]);
  useEffect(fit, [fit]);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const watch = new ResizeObserver(() => {
      if (fitted.current) fit();
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, [fit]);

  /** Zoom by `factor` keeping the viewport point (cx, cy) still (the centre when not given). */
  const zoom = useCallback((factor: number, cx?: number, cy?: number) => {
    const el = viewport.current;
    const px = cx ?? (el ? el.clientWidth / 2 : 0);
    const py = cy ?? (el ? el.clientHeight / 2 : 0);
    fitted.current = false;
    setView((v) => {
      const scale = clampScale(v.scale * factor);
      const k = scale / v.scale;
      return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
    });
  }, []);
  const pan = useCallback((dx: number, dy: number) => {
    fitted.current = false;
    setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  }, []);

  // The wheel needs a listener that may cancel the page's scroll (React's onWheel is passive).
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = el.getBoundingClientRect();
      zoom(Math.exp(-e.deltaY * 0.0015), e.clientX - box.left, e.clientY - box.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoom]);

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) moved.current = 0;
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    const now = { x: e.clientX, y: e.clientY };
    if (pointers.current.size === 2) {
      const [other] = [...pointers.current].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
      const before = Math.hypot(last.x - other!.x, last.y - other!.y);
      const after = Math.hypot(now.x - other!.x, now.y - other!.y);
      const box = e.currentTarget.getBoundingClientRect();
      if (before > 0) zoom(after / before, (now.x + other!.x) / 2 - box.left, (now.y + other!.y) / 2 - box.top);
    } else pan(now.x - last.x, now.y - last.y);
    moved.current += Math.abs(now.x - last.x) + Math.abs(now.y - last.y);
    // Captured only once it is a drag: a capture at press would retarget the click away from the link.
    if (moved.current > DRAG_SLOP && !e.currentTarget.hasPointerCapture(e.pointerId))
      e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, now);
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
  };
  /**
   * A person reached with Tab is brought into the window: the browser would scroll the clipped
   * window itself (and leave the drawing's offsets wrong), so the scroll is undone and the
   * drawing moved instead.
   */
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const el = viewport.current;
    if (!el || e.target === el) return;
    el.scrollTop = 0;
    el.scrollLeft = 0;
    const box = el.getBoundingClientRect();
    const item = (e.target as Element).getBoundingClientRect();
    const margin = 16;
    const dx =
      item.left < box.left + margin
        ? box.left + margin - item.left
        : item.right > box.right - margin
          ? box.right - margin - item.right
          : 0;
    const dy =
      item.top < box.top + margin
        ? box.top + margin - item.top
        : item.bottom > box.bottom - margin
          ? box.bottom - margin - item.bottom
          : 0;
    if (dx || dy) pan(dx, dy);
  };

  /** The window never scrolls: the drawing moves. */
  const onScroll = (e: UIEvent<HTMLElement>) => {
    e.currentTarget.scrollTop = 0;
    e.currentTarget.scrollLeft = 0;
  };

  /**
   * True when this click ends a press that was a drag (and should be ignored). Asked once per
   * click: a later click (Enter on a focused person makes one with no press at all) is a click.
   */
  const wasDrag = () => {
    const drag = moved.current > DRAG_SLOP;
    moved.current = 0;
    return drag;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    if (moves[e.key]) pan(...moves[e.key]!);
    else if (e.key === '+' || e.key === '=') zoom(ZOOM_STEP);
    else if (e.key === '-' || e.key === '_') zoom(1 / ZOOM_STEP);
    else if (e.key === '0') fit();
    else return;
    e.preventDefault();
  };

  return {
    viewport,
    view,
    fit,
    zoomIn: () => zoom(ZOOM_STEP),
    zoomOut: () => zoom(1 / ZOOM_STEP),
    wasDrag,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown, onFocus, onScroll },
  };
}
