import { useCallback, useEffect, useState } from 'react';
import { useErrorText as useSharedErrorText } from '../../../lib/api/use-error-text';

/** An API error as a sentence in the admin's language (generic: `adminData.errors.generic`). */
export const useErrorText = () => useSharedErrorText('adminData.errors.generic');

/** Loads something once per key (and again on `retry`): loading, error and data states for the tabs. */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setState((previous) => ({ data: previous.data, loading: true }));
    load().then(
      (data) => !cancelled && setState({ data, loading: false }),
      (error: unknown) => !cancelled && setState({ error, loading: false }),
    );
    return () => {
      cancelled = true;
    };
    // `load` changes with every render; the key says when to load again.
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
