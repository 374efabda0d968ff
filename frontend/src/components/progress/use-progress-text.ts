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
  const lang = useLanguage();
  const text = formatPercent(value, lang);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.querySelector('progress')?.setAttribute('aria-valuetext', text);
    // Cloudscape's figure: the element after the bar, hidden from screen readers (they read the bar's value).
    const figure = root.querySelector('progress + [aria-hidden="true"] > *');
    if (figure && figure.textContent !== text) figure.textContent = text;
  });
  // What the bar's live region announces, rewritten whenever Cloudscape writes it (its value comes later, throttled),
  // before the region's own effect reads it.
  useLayoutEffect(() => {
    const live = ref.current?.querySelector<HTMLElement>('span[hidden]');
    if (!live) return undefined;
    const fix = () => announceInLanguage(live, text, lang);
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(live, { characterData: true, childList: true, subtree: true });
    return () => observer.disconnect();
  }, [text, lang]);
  return ref;
}

/**
 * Cloudscape's live region reads its three text nodes, the label, ': ' and the value (`0.5%`), joined with spaces:
 * "Answers : 0.5%" in English, « Réponses : 0.5% » in French. The label node is given the colon of the reader's
 * language, the separator node is emptied and the value node holds the app's percentage (« Réponses : 0,5 % »,
 * "Answers: 0.5%"). Each node's text is changed in place: React keeps its nodes, and writes them again only when its
 * own value changes (then this runs again, from the observer).
 */
function announceInLanguage(live: HTMLElement, text: string, lang: 'fr' | 'en') {
  const nodes = Array.from(live.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE);
  const separator = nodes.findIndex((node) => node.nodeValue === ': ' || node.nodeValue === '');
  if (separator < 1) return;
  const label = nodes[separator - 1]!;
  const colon = lang === 'fr' ? '\u00a0:' : ':';
  const labelText = (label.nodeValue ?? '').replace(/\s*:$/, '') + colon;
  const set = (node: ChildNode | undefined, value: string) => {
    if (node && node.nodeValue !== value) node.nodeValue = value;
  };
  set(label, labelText);
  set(nodes[separator], '');
  set(nodes[separator + 1], text);
}

/** A share to a tenth of a percent, as every percentage the app writes (`progress.percentage`, `formatPercent`). */
export const percentOf = (part: number, whole: number): number => (whole ? Math.round((part / whole) * 1000) / 10 : 100);
