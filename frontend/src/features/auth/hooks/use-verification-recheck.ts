import { useEffect, useState } from 'react';
import { authStore } from '../state/auth-store';

/** Seconds between automatic checks (our choice): short enough to feel live. */
export const RECHECK_SECONDS = 10;

/**
 * The verification page's automatic re-check (docs/product-rules.md): a visible countdown, then a check. A positive check
 * updates the signed-in user, and the page redirects when it sees the email verified. Paused while `active` is
 * false (no user, already verified, a confirmation running) and while the browser is offline.
 */
export function useVerificationRecheck(active: boolean): number {
  const [secondsLeft, setSecondsLeft] = useState(RECHECK_SECONDS);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (navigator.onLine) setSecondsLeft((seconds) => Math.max(0, seconds - 1));
    }, 1_000);
    return () => clearInterval(timer);
  }, [active]);

  useEffect(() => {
    if (!active || secondsLeft > 0) return;
    let cancelled = false;
    void authStore
      .checkVerified()
      .catch(() => false)
      .then(() => {
        if (!cancelled) setSecondsLeft(RECHECK_SECONDS);
      });
    return () => {
      cancelled = true;
    };
  }, [active, secondsLeft]);

  return secondsLeft;
}
