import { memo, useEffect, useState } from 'react';
import styles from './copy-button.module.css';

export interface CopyLabels {
  copied: string;
  copyFailed: string;
}

/** How long the button shows that the copy worked (or failed) before it becomes a copy button again. */
const FEEDBACK_MS = 2_000;

type State = 'idle' | 'copied' | 'failed';

/** Stroke paths on a 16 x 16 grid: two sheets (copy), a check mark, a warning triangle. */
const ICONS: Record<State, string> = {
  idle: 'M5.5 5.5h8v8h-8zM10.5 2.5h-8v8',
  copied: 'M2.5 8.5l4 4 7-8',
  failed: 'M8 2l6.5 12h-13zM8 6.5v3.5M8 12v.5',
};

/**
 * A copy button for a contact line: an icon button, a check mark once copied, and the result announced to
 * screen readers. A plain `<button>` rather than a Cloudscape Button: a result page keeps 30 of these mounted,
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
      <button type="button" className={styles.button} aria-label={ariaLabel} title={ariaLabel} onClick={copy}>
        <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d={ICONS[state]} />
        </svg>
      </button>
      <span className={styles.status} role="status">
        {state === 'copied' ? labels.copied : state === 'failed' ? labels.copyFailed : ''}
      </span>
    </>
  );
});
