import type { AuthUser } from '../state/auth-user';
import { VERIFICATION_PATH, afterSignInPath, signInPathFor } from './redirect';

/** Route guard kinds (frontend/src/app/routes.ts). */
export type GuardKind = 'protected' | 'open' | 'auth';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** docs/product-rules.md: the unverified user's destination, whatever protected page they asked for. */
export const BLOCKED_PATH = `${VERIFICATION_PATH}?blocked=true`;

/**
 * The route guards (docs/product-rules.md, "Screens and guards"), as one pure function:
 * - protected: signed out -> /auth?redirect=<full path> (plain /auth for the home page itself: a first visit to `/`
 *   asked for no page in particular), with `signedOut=1` right after the person signed out (the sign-in page then
 *   says so, not "sign in to reach the page you asked for"), or `expired=1` when the server refused the session's
 *   token (401: the sign-in page says the session ended); signed in but unverified -> the verification page;
 * - auth (/auth): a signed-in user goes on to the redirect query (if safe) or /;
 * - open: always allowed.
 */
export function decideGuard(
  kind: GuardKind,
  location: GuardLocation,
  user: AuthUser | null,
  signedOut = false,
  expired = false,
): GuardDecision {
  switch (kind) {
    case 'open':
      return { kind: 'allow' };
    case 'protected':
      if (!user) {
        const signIn = signInPathFor(`${location.pathname}${location.search}${location.hash}`);
        const why = signedOut ? 'signedOut=1' : expired ? 'expired=1' : '';
        return { kind: 'redirect', to: why ? `${signIn}${signIn.includes('?') ? '&' : '?'}${why}` : signIn };
      }
      if (!user.emailVerified) return { kind: 'redirect', to: BLOCKED_PATH };
      return { kind: 'allow' };
    case 'auth':
      return user ? { kind: 'redirect', to: afterSignInPath(location.search) } : { kind: 'allow' };
  }
}
