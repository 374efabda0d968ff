import { useEffect } from 'react';
import { TOP_NAV_ID } from './layout-ids';

/** Room left between the sticky bars and what has the focus. */
const MARGIN = 16;

/**
 * What the keyboard focuses on the page is scrolled clear of the sticky header and the phone's toolbar. The page's
 * `scroll-padding` (app/base.css) covers the browser's own scrolling of a target that is out of view, but Chromium
 * does not scroll for a field still partly on screen: at 200 % zoom, Shift+Tab up a form left « Prénom » under the
 * bars (a trial's). Elements of the bars themselves, of a dialog or of the navigation drawer are left alone, and a
 * focus that came from a pointer (useFocusClearOfHeader).
 */
export function scrollFocusClearOfHeader(target: EventTarget | null): void {
  if (!(target instanceof HTMLElement) || target === document.body) return;
  if (target.closest(`#${TOP_NAV_ID}, [role="dialog"], nav, [class*="awsui_mobile-toolbar"]`)) return;
  const bars = [document.getElementById(TOP_NAV_ID), document.querySelector('[class*="awsui_mobile-toolbar"]')];
  const covered = Math.max(0, ...bars.map((bar) => bar?.getBoundingClientRect().bottom ?? 0));
  const top = target.getBoundingClientRect().top;
  if (covered > 0 && top < covered) window.scrollBy({ top: top - covered - MARGIN });
}

/**
 * Only for a focus the Tab key moved: a tap or a click focuses what is under the finger, and a scroll between the
 * press and the release would move the target away and lose the click (a journey's checkbox stayed unticked).
 */
export function useFocusClearOfHeader(): void {
  useEffect(() => {
    let tabAt = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') tabAt = Date.now();
    };
    const onFocus = (event: FocusEvent) => {
      if (Date.now() - tabAt < TAB_FOCUS_MS) scrollFocusClearOfHeader(event.target);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocus);
    };
  }, []);
}

/** How soon after Tab a focus counts as the key's. */
const TAB_FOCUS_MS = 500;
