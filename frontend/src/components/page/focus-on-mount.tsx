import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What appears in answer to an action and should be read next (a save's confirmation, a refusal at the top of a long
 * form): the keyboard's focus, and with it a screen reader and the screen, goes to it when it appears. Used where
 * the control the person acted on is replaced by the answer (the form rebuilt at its new version), which otherwise
 * leaves the focus on the page itself and a keyboard user tabbing from the top again.
 */
export function FocusOnMount({ children, testId }: { children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} data-testid={testId}>
      {children}
    </div>
  );
}
