/**
 * A verification link opened while signed out: the code only works for the signed-in user it was sent to, so it
 * waits in this tab's sessionStorage until that person signs in here (then the verification page uses it).
 * sessionStorage rather than localStorage: the code should not outlive the tab it was opened in.
 */
const KEY = 'auth.pendingVerificationCode';

export function keepPendingVerificationCode(code: string): void {
  try {
    window.sessionStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode): the person can open the link again after signing in.
  }
}

export function readPendingVerificationCode(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearPendingVerificationCode(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
