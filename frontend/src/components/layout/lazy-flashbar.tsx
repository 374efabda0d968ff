import { lazy, Suspense, useEffect } from 'react';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';

/*
 * Off the first page (docs/frontend.md, "First page"): the flash bar shows only when there is a message. It is
 * fetched once the browser is idle after the first render, so that an "offline" message never waits for a network
 * that just went away. Shared by both frames (the light frame of /auth and the signed-in shell).
 */
const loadFlashbar = () => import('@cloudscape-design/components/flashbar');
const Flashbar = lazy(loadFlashbar);

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1_000);
  return () => window.clearTimeout(id);
}

/** Starts fetching the flash bar's code once the browser is idle. */
export function usePreloadFlashbar(): void {
  useEffect(() => whenIdle(() => void loadFlashbar().catch(() => undefined)), []);
}

/** The flash bar when there are messages, nothing otherwise. */
export function LazyFlashbar({ items }: { items: FlashbarProps.MessageDefinition[] }) {
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Flashbar items={items} />
    </Suspense>
  );
}
