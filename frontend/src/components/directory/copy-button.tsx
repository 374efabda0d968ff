import { memo, useEffect, useState } from 'react';
import styles from './copy-button.module.css';

export interface CopyLabels {
  copied: string;
  copyFailed: string;
}

/** How long the button shows that the copy worked (or failed) before it becomes a copy button again. */
const FEEDBACK_MS = 2_000;

type State = 'idle' | 'copied' | 'failed';

/**
 * A copy button for a contact line: an icon button, a check mark once copied, and the result announced to
 * screen readers. The icons are masks drawn by CSS (copy-button.module.css), not SVG elements: a result page
 * shows 30 of these, and each inline SVG was two more elements and an SVG layout at every new row. A plain `<button>` rather than a Cloudscape Button: a result page keeps 30 of these mounted,
 * and rows that gain or lose a phone or an address mount and unmount them at every keystroke; each Cloudscape
 * component also costs a little at every commit (docs/benchmarks.md, "Search per keystroke"). It reads the text
 * to copy only when clicked (`read`), so its props never change while a search re-renders the row around it.
 */
export const CopyButton = memo(function CopyButton({ read, ariaLabel, labels }: {
  read: () => string;
  ariaLabel: string;
  labels: CopyLabels;
}) {
  const [state, setState] = useState<State>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = () => {
    // The Clipboard API exists only in secure contexts (https, or localhost).
    if (!navigator.clipboard) {
      setState('failed');
      return;
    }
    navigator.clipboard.writeText(read()).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <>
      {/* The icon (two sheets, a check mark once copied, a warning triangle if it failed) is the button's ::before. */}
      <button type="button" className={styles.button} data-state={state} aria-label={ariaLabel} title={ariaLabel} onClick={copy} />
      <span className={styles.status} role="status">
        {state === 'copied' ? labels.copied : state === 'failed' ? labels.copyFailed : ''}
      </span>
    </>
  );
});
