import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router-dom';

/**
 * Unsaved-changes care: while `dirty`, an in-app navigation is held (the page asks before leaving) and closing or
 * reloading the tab asks the browser's own question.
 */
export function useUnsavedChanges(dirty: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useWarnBeforeUnload(dirty);
  return blocker;
}

/**
 * Closing or reloading the tab while `dirty` asks the browser's own question. Alone, for a page whose only way out
 * is its own submit (the emailed update form): nothing to hold inside the app there.
 */
export function useWarnBeforeUnload(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
