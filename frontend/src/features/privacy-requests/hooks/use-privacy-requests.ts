import { useCallback, useEffect, useState } from 'react';
import type { PrivacyRequestList, PrivacyRequestView } from '../../../../../shared/privacy-requests-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { ApiError } from '../../../lib/api/api-client';
import { privacyRequestsApi } from '../../../lib/api/privacy-requests-client';

export type QueueState = { kind: 'loading' } | { kind: 'failed'; code?: string } | { kind: 'ready'; list: PrivacyRequestList };

/** The administrators' queue: loads it, reloads on demand, and replaces one request once it is saved. */
export function usePrivacyRequests() {
  const { apiBaseUrl } = useRuntimeConfig();
  const [state, setState] = useState<QueueState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    privacyRequestsApi.list(apiBaseUrl).then(
      (list) => current && setState({ kind: 'ready', list }),
      (error: unknown) => current && setState({ kind: 'failed', ...(error instanceof ApiError && error.code ? { code: error.code } : {}) }),
    );
    return () => {
      current = false;
    };
  }, [apiBaseUrl, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((saved: PrivacyRequestView) => {
    setState((previous) =>
      previous.kind === 'ready'
        ? { kind: 'ready', list: { ...previous.list, requests: previous.list.requests.map((r) => (r.id === saved.id ? saved : r)) } }
        : previous,
    );
  }, []);
  return { state, reload, replace, apiBaseUrl };
}
