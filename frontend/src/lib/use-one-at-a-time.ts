import { useCallback, useRef } from 'react';

/**
 * Runs a screen's async action one at a time: a call made while the last one still runs is dropped. A double click
 * lands before React has re-rendered the button as busy, and TanStack Query's mutation state follows the latest call
 * only, so a second import apply or progression start reached the server, was refused (409) and showed its error
 * beside the first call's success (a trial). The dropped call resolves to undefined. The progression's apply loop is guarded
 * by it too. (ConfirmDialog keeps its own rule: it holds only an action that returns a promise, a synchronous one
 * confirms at every click.)
 */
export function useOneAtATime(): <T>(action: () => Promise<T>) => Promise<T | undefined> {
  const running = useRef(false);
  return useCallback(async <T,>(action: () => Promise<T>) => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await action();
    } finally {
      running.current = false;
    }
  }, []);
}
