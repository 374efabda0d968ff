import { memo, useEffect, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import LiveRegion from '@cloudscape-design/components/live-region';

export interface CopyLabels {
  copied: string;
  copyFailed: string;
}

/** How long the button shows that the copy worked (or failed) before it becomes a copy button again. */
const FEEDBACK_MS = 2_000;

/**
 * A copy button for a contact line: Cloudscape's inline icon button, a check mark once copied, and the result
 * announced to screen readers. It reads the text to copy only when clicked (`read`), so its props never change
 * while a search re-renders the row under it: a result page keeps 30 of these mounted, and Cloudscape's
 * CopyToClipboard (popover, button and a clipboard permission query per instance) re-rendering with every new
 * text cost a whole frame per keystroke at 1,000 families (docs/benchmarks.md).
 */
export const CopyButton = memo(function CopyButton({ read, ariaLabel, labels }: {
  read: () => string;
  ariaLabel: string;
  labels: CopyLabels;
}) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  const copy = () => {
    // The Clipboard API exists only in secure contexts (https, or localhost).
    if (!navigator.clipboard) {
      setResult('failed');
      return;
    }
    navigator.clipboard.writeText(read()).then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  };

  return (
    <span style={{ marginInlineEnd: 4 }}>
      <Button
        variant="inline-icon"
        iconName={result === 'copied' ? 'check' : result === 'failed' ? 'status-warning' : 'copy'}
        ariaLabel={ariaLabel}
        onClick={copy}
      />
      {result && <LiveRegion hidden>{result === 'copied' ? labels.copied : labels.copyFailed}</LiveRegion>}
    </span>
  );
});
