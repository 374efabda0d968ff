import { useSyncExternalStore } from 'react';
import { breakpointFor, type Breakpoint } from './breakpoints';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The current breakpoint; re-renders only when the window crosses one, not on every resized pixel. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, () => breakpointFor(window.innerWidth));
}
