import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/api-client';

/** An API error as a sentence in the admin's language: `errors.<code>`, else a generic one. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) =>
      error instanceof ApiError && error.code && i18n.exists(`errors.${error.code}`)
        ? t(`errors.${error.code}`)
        : t('adminData.errors.generic'),
    [t, i18n],
  );
}

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
