import type { AuthLocale } from '@shared/contracts/auth-api';
import { ApiError, apiFetch } from '../../../lib/api/api-client';

/**
 * Asking for a takeover link (docs/auth.md "Taking over an unconfirmed account"). No sign-in: the emailed token is
 * the credential. Kept free of zod so the register form, on the first page, stays light; completing the takeover
 * (complete-takeover.ts) loads with the link's page.
 */

/** The answer is the same whatever the address: nothing to read from it. */
export async function requestTakeoverLink(apiBaseUrl: string, email: string, locale: AuthLocale): Promise<void> {
  await apiFetch(apiBaseUrl, '/account-recovery/start', { method: 'POST', body: { email, locale }, auth: false });
}

/** The translation key for a failed call. */
export function recoveryErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'TOKEN_INVALID' || code === 'TOKEN_EXPIRED' || code === 'RATE_LIMITED') {
    return `accountRecovery.errors.${code}`;
  }
  return error instanceof ApiError ? 'accountRecovery.errors.generic' : 'accountRecovery.errors.network';
}
