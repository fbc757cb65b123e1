import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/**
 * While there are unsaved changes, leaving them is asked about first: a move inside the app (another
 * chapter, another page, back) is held by the router's blocker until the user decides, and closing
 * or reloading the tab gets the browser's own question.
 */
export function useUnsavedGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  return blocker;
}
