import { useEffect } from 'react';
import { TOP_NAV_ID } from './layout-ids';

/** Room left between the sticky bars and what has the focus. */
const MARGIN = 16;

/**
 * What the keyboard focuses on the page is scrolled clear of the sticky header and the phone's toolbar. The page's
 * `scroll-padding` (app/base.css) covers the browser's own scrolling of a target that is out of view, but Chromium
 * does not scroll for a field still partly on screen: at 200 % zoom, Shift+Tab up a form left « Prénom » under the
 * bars (a trial's). Elements of the bars themselves, of a dialog or of the navigation drawer are left alone.
 */
export function scrollFocusClearOfHeader(target: EventTarget | null): void {
  if (!(target instanceof HTMLElement) || target === document.body) return;
  if (target.closest(`#${TOP_NAV_ID}, [role="dialog"], nav, [class*="awsui_mobile-toolbar"]`)) return;
  const bars = [document.getElementById(TOP_NAV_ID), document.querySelector('[class*="awsui_mobile-toolbar"]')];
  const covered = Math.max(0, ...bars.map((bar) => bar?.getBoundingClientRect().bottom ?? 0));
  const top = target.getBoundingClientRect().top;
  if (covered > 0 && top < covered) window.scrollBy({ top: top - covered - MARGIN });
}

export function useFocusClearOfHeader(): void {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => scrollFocusClearOfHeader(event.target);
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
}
