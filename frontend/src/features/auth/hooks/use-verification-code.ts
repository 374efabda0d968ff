import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUTH_LINKS } from '@shared/contracts/auth-constants';
import { AuthFailure, toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { authStore } from '../state/auth-store';
import type { AuthUser } from '../state/auth-user';
import {
  clearPendingVerificationCode,
  keepPendingVerificationCode,
  readPendingVerificationCode,
} from '../state/pending-verification';

/**
 * One confirmation per code for the life of the page: React's development double effects (and a quick
 * re-render) must not send a used code a second time, which Cognito would answer with CodeMismatch.
 */
const confirmations = new Map<string, Promise<AuthUser | null>>();

export type CodeState =
  | { state: 'none' }
  | { state: 'waiting-for-sign-in' }
  | { state: 'confirming' }
  | { state: 'failed'; failure: AuthMessage };

/**
 * The emailed link's `?code=` (docs/auth.md): signed in, confirm it at once; signed out, keep it in
 * this tab until the person signs in here. The code leaves the address bar once read, so a reload or a shared
 * screenshot does not carry it.
 */
export function useVerificationCode(user: AuthUser | null, isInitialized: boolean): CodeState {
  const [params, setParams] = useSearchParams();
  const urlCode = params.get(AUTH_LINKS.codeParam);
  const [state, setState] = useState<CodeState>({ state: 'none' });

  useEffect(() => {
    if (!isInitialized) return;
    if (urlCode) {
      keepPendingVerificationCode(urlCode);
      const remaining = new URLSearchParams(params);
      remaining.delete(AUTH_LINKS.codeParam);
      setParams(remaining, { replace: true });
      return;
    }
    const code = readPendingVerificationCode();
    if (!code) return;
    if (!user) {
      setState({ state: 'waiting-for-sign-in' });
      return;
    }
    if (user.emailVerified) {
      clearPendingVerificationCode();
      setState({ state: 'none' });
      return;
    }
    let cancelled = false;
    setState({ state: 'confirming' });
    let confirmation = confirmations.get(code);
    if (!confirmation) {
      confirmation = authStore.confirmEmailWithCode(code);
      confirmations.set(code, confirmation);
    }
    confirmation
      .then(() => {
        if (!cancelled) setState({ state: 'none' });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const failure = error instanceof AuthFailure ? error.authMessage : toAuthMessage(error, 'confirmVerification');
        setState({ state: 'failed', failure });
      })
      .finally(() => clearPendingVerificationCode());
    return () => {
      cancelled = true;
    };
  }, [isInitialized, urlCode, user, params, setParams]);

  return state;
}
