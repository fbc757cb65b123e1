import { useEffect } from 'react';
import { useLocation } from 'react-router';

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
 */
export function useScrollToHash(onHash?: (id: string) => void) {
  const { hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the fragment changes
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    onHash?.(id);
    // After the opened section has rendered.
    const frame = requestAnimationFrame(() => scrollToId(id));
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
