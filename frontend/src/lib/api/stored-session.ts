/** Amplify keeps the session's tokens in localStorage under this prefix (its default token store), then `<app client id>.`. */
export const STORED_SESSION_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Whether this browser may hold a session for the app client (for any client when none is given). False only when
 * localStorage has no key of Amplify's for it: the visitor is then signed out, and nothing needs to download
 * Amplify to know it (docs/frontend.md, "Critical path on a phone"). Unreadable storage answers true.
 */
export function mayHoldSession(clientId?: string): boolean {
  try {
    const prefix = clientId ? `${STORED_SESSION_PREFIX}${clientId}.` : STORED_SESSION_PREFIX;
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(prefix)) return true;
    return false;
  } catch {
    return true;
  }
}

/**
 * The last word of every sign-out (features/auth endSession, and the auth store after identity calls under way):
 * whatever Amplify did (its module may have failed to load, a token refresh may have finished after its clear), no
 * token of the session stays on the device.
 */
export function forgetStoredSession(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(STORED_SESSION_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage unavailable (private mode): then nothing was stored either.
  }
}

/**
 * Whether a change another tab made to localStorage ended the session this browser shares: Amplify's sign-out
 * removes the `LastAuthUser` key, which storing refreshed tokens never does (it writes it again); a storage
 * cleared whole ends it too.
 */
export function signedOutElsewhere({ key, newValue }: Pick<StorageEvent, 'key' | 'newValue'>): boolean {
  if (key === null) return true;
  return key.startsWith(STORED_SESSION_PREFIX) && key.endsWith('.LastAuthUser') && newValue === null;
}
