import {
  RecoveryCompleteResponseSchema,
  type RecoveryCompleteResponse,
} from '../../../../../shared/account-recovery-api';
import type { AuthLocale } from '../../../../../shared/auth-api';

/**
 * The two calls that take over an unconfirmed account (docs/auth.md). No sign-in: the emailed token is the
 * credential, and it travels in the POST body only.
 */
export class RecoveryCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(code ?? `HTTP ${status}`);
    this.name = 'RecoveryCallError';
  }
}

async function post(apiBaseUrl: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${apiBaseUrl.replace(/\/$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new RecoveryCallError(response.status, (json as { error?: { code?: string } } | undefined)?.error?.code);
  }
  return json;
}

/** Asks for a takeover link. The answer is the same whatever the address: nothing to read from it. */
export async function requestTakeoverLink(apiBaseUrl: string, email: string, locale: AuthLocale): Promise<void> {
  await post(apiBaseUrl, '/account-recovery/start', { email, locale });
}

export async function completeTakeover(
  apiBaseUrl: string,
  token: string,
  password: string,
): Promise<RecoveryCompleteResponse> {
  return RecoveryCompleteResponseSchema.parse(await post(apiBaseUrl, '/account-recovery/complete', { token, password }));
}

/** The translation key for a failed call. */
export function recoveryErrorKey(error: unknown): string {
  const code = error instanceof RecoveryCallError ? error.code : undefined;
  if (code === 'TOKEN_INVALID' || code === 'TOKEN_EXPIRED' || code === 'RATE_LIMITED') {
    return `accountRecovery.errors.${code}`;
  }
  return error instanceof RecoveryCallError ? 'accountRecovery.errors.generic' : 'accountRecovery.errors.network';
}
