import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router-dom';

/**
 * Unsaved-changes care: while `dirty`, an in-app navigation is held (the page asks before leaving) and closing or
 * reloading the tab asks the browser's own question. `savedTo` is where the page goes once its form is saved (the
 * update link's success page): that navigation comes in the save's own event, before the form's render says it is
 * clean, and is never held.
 */
export function useUnsavedChanges(dirty: boolean, savedTo?: string): Blocker {
  // Another page, or the browser's Back and Forward even to this page's own address (a form open on /profile came
  // from /profile): a change of the query alone in the app (a language switch, a filter) is not leaving.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || historyAction === 'POP') &&
      nextLocation.pathname !== savedTo,
  );
  useWarnBeforeUnload(dirty);
  return blocker;
}

/** Closing or reloading the tab while `dirty` asks the browser's own question. */
function useWarnBeforeUnload(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
