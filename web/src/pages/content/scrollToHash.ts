import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a jump to a section keeps its target in place while the page above it settles. */
const SETTLE_MS = 1500;
const USER_INTENT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Scrolls to the element with this id (under the sticky header: see scroll-margin-top). */
export function scrollToId(id: string, behavior: ScrollBehavior = 'auto'): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior, block: 'start' });
  return true;
}

/**
 * A link such as /tutorial#forensic-genealogy lands on its section: the page's content is
 * rendered after the route's code loads, so the browser's own jump has found nothing yet.
 * `onHash` runs first (e.g. to open a collapsed section).
 *
 * The page can still grow or shift after the first jump (the opened section renders a frame
 * later, fonts arrive), which would leave the section short of the top; so for a moment the
 * section is put back whenever the page resizes, until the reader scrolls or types themselves.
 */
export function useScrollToHash(onHash?: (id: string) => void) {
  const { hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the fragment changes
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    onHash?.(id);
    let settling = true;
    const stop = () => {
      settling = false;
      observer.disconnect();
      for (const type of USER_INTENT) window.removeEventListener(type, stop);
    };
    const reanchor = () => {
      if (settling) scrollToId(id);
    };
    const observer = new ResizeObserver(reanchor);
    observer.observe(document.body);
    for (const type of USER_INTENT) window.addEventListener(type, stop, { passive: true });
    // After the opened section has rendered.
    const frame = requestAnimationFrame(reanchor);
    const timer = window.setTimeout(stop, SETTLE_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stop();
    };
  }, [hash]);
}
