import { useLayoutEffect, useRef } from 'react';
import { formatPercent } from '../../lib/percent';
import { useLanguage } from '../../lib/use-language';

/**
 * A Cloudscape ProgressBar's percentage in the app's own format (`formatPercent`: « 0,5 % », "0.5%"), for a ref on a
 * wrapper around the bar. Cloudscape (3.0.1383) writes the value itself, rounded to a whole percent in no language's
 * format (« 1% » beside « 0,5 % » in French), and has no prop for that text or for the bar's `aria-valuetext`:
 * after each render, the bar's own figure is replaced by the app's text, and the `<progress>` element is given the same
 * text as `aria-valuetext`, so a screen reader hears what the page writes (« 0,5 % », not "1 percent"). The figure is
 * one string child of a Cloudscape Box, which React writes as the element's whole text: a later render writes it
 * whole again, before this layout effect runs, so nothing React holds is left detached.
 * docs/annual-update.md, "Progress bars".
 */
export function useProgressText<T extends HTMLElement>(value: number) {
  const ref = useRef<T>(null);
  const text = formatPercent(value, useLanguage());
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.querySelector('progress')?.setAttribute('aria-valuetext', text);
    // Cloudscape's figure: the element after the bar, hidden from screen readers (they read the bar's value).
    const figure = root.querySelector('progress + [aria-hidden="true"] > *');
    if (figure && figure.textContent !== text) figure.textContent = text;
  });
  return ref;
}

/** A share to a tenth of a percent, as every percentage the app writes (`progress.percentage`, `formatPercent`). */
export const percentOf = (part: number, whole: number): number => (whole ? Math.round((part / whole) * 1000) / 10 : 100);
