import { useCallback, useState } from 'react';

/**
 * When a form's field errors show, in Cloudscape's pattern (the action stays enabled): a field's error once the
 * field was left, every error once the action was tried. `forget` starts over (a dialog opened again, a form sent).
 */
export function useShownErrors<F extends string>() {
  const [tried, setTried] = useState(false);
  const [left, setLeft] = useState<ReadonlySet<F>>(() => new Set());
  const forget = useCallback(() => {
    setTried(false);
    setLeft(new Set());
  }, []);
  return {
    tried,
    shown: (field: F) => tried || left.has(field),
    leave: (field: F) => () => setLeft((was) => new Set(was).add(field)),
    attempt: () => setTried(true),
    forget,
  };
}

export type ShownErrors<F extends string> = ReturnType<typeof useShownErrors<F>>;
