import { useCallback, useEffect, useState } from 'react';
import type { MeResponse } from '../../../../../shared/auth-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { fetchMe } from '../../../lib/api/me-client';
import { ApiError } from '../../../lib/api/api-client';

export type MyProfileState =
  | { status: 'loading' }
  | { status: 'loaded'; me: MeResponse }
  /** The server does not know this account as a parent or staff member ('Profile Not Found'). */
  | { status: 'notRegistered' }
  | { status: 'error'; code?: string };

/** GET /api/me for My Profile, with a retry. Read fresh on every visit: a parent checks what the school holds. */
export function useMyProfile(): { state: MyProfileState; retry: () => void } {
  const { apiBaseUrl } = useRuntimeConfig();
  const [state, setState] = useState<MyProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    fetchMe(apiBaseUrl).then(
      (me) => current && setState({ status: 'loaded', me }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.code === 'NOT_REGISTERED') setState({ status: 'notRegistered' });
        else setState({ status: 'error', ...(error instanceof ApiError && error.code ? { code: error.code } : {}) });
      },
    );
    return () => {
      current = false;
    };
  }, [apiBaseUrl, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
