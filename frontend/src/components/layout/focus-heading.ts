import { MAIN_ID } from './layout-ids';

// The main area's h1; a page rendered without the app's frame (its tests) has its own.
const mainHeading = () => (document.getElementById(MAIN_ID) ?? document).querySelector<HTMLElement>('h1');

/**
 * Gives a heading the focus, focusable by script only (not a Tab stop). `scroll`: brings it to the top of the screen
 * too (a section opened below a list); otherwise the page's own scroll (scroll-to-top.ts) is already under way.
 */
export function focusHeading(heading: HTMLElement, scroll = false): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  if (scroll) heading.scrollIntoView?.({ block: 'start' });
}

/**
 * Moves the focus to the page's main heading (the h1 of the main area) as soon as it shows: a page whose code is
 * still loading renders it a moment after the navigation. Gives up after `timeoutMs`. Returns the cancel, for an
 * effect's cleanup (another navigation meanwhile).
 */
export function focusMainHeading(timeoutMs = 10_000): () => void {
  const now = mainHeading();
  if (now) {
    focusHeading(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const heading = mainHeading();
    if (!heading) return;
    stop();
    focusHeading(heading);
  });
  const timer = window.setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * After what had the focus went away (a form closed, its buttons gone): the page's heading takes it whenever the
 * focus is left on the page itself during the next moments, as a closing dialog hands it back to an element that is
 * gone only after the closing render.
 */
export function focusMainHeadingIfLost(): void {
  const lost = () => !document.activeElement || document.activeElement === document.body;
  for (const ms of [0, 60, 250]) window.setTimeout(() => lost() && focusMainHeading(), ms);
}
