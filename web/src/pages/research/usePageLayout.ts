import { useEffect, useState } from 'react';

const smallScreen = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 768px)').matches;

/**
 * How the page is laid out: the conversation list shown or folded away (folded on a phone,
 * unless it could not be loaded: then it shows why, with Retry), and Fullscreen.
 */
export function usePageLayout(listFailed: boolean) {
  const [sidebarOpen, setSidebarOpen] = useState(() => !smallScreen());
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    if (listFailed) setSidebarOpen(true);
  }, [listFailed]);

  // Escape leaves Fullscreen, unless a dialog or popover above the page takes it.
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      setFullscreen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  return {
    sidebarOpen,
    fullscreen,
    toggleSidebar: () => setSidebarOpen((o) => !o),
    toggleFullscreen: () => setFullscreen((f) => !f),
    /** A conversation was picked from the list: on a phone the list folds away to show it. */
    picked: () => {
      if (smallScreen()) setSidebarOpen(false);
    },
  };
}
