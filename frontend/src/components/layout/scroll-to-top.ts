import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Default scroll duration. */
export const SCROLL_DURATION_MS = 300;

const easeInOutQuad = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Native `behavior: 'smooth'` has no duration control, so the scroll is animated by hand. People who ask the
 * system for reduced motion get an immediate jump.
 */
export function smoothScrollToTop(duration: number = SCROLL_DURATION_MS): void {
  const start = window.scrollY;
  if (start <= 0) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduceMotion || duration <= 0) {
    window.scrollTo(0, 0);
    return;
  }
  const startedAt = performance.now();
  const step = (time: number) => {
    const progress = Math.min(1, (time - startedAt) / duration);
    window.scrollTo(0, Math.round(start * (1 - easeInOutQuad(progress))));
    if (progress < 1) window.requestAnimationFrame(step);
  };
  window.requestAnimationFrame(step);
}

/** Scrolls to the top when the path changes (not on first render, not for in-page #anchors). */
export function useScrollToTopOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    smoothScrollToTop();
  }, [pathname]);
}
