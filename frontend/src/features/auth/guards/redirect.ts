import { AUTH_LINKS } from '@shared/contracts/auth-constants';

export const AUTH_PATH = '/auth';
/** The page the verification email links to (the CustomMessage trigger builds the link from the same constant). */
export const VERIFICATION_PATH = AUTH_LINKS.verifyEmailPath;

const PLACEHOLDER_ORIGIN = 'https://app.invalid';

/**
 * The `redirect` query of /auth (docs/product-rules.md) comes from a URL anyone can craft, so it is only followed when it is
 * a path on this site: it starts with a single `/`, and parsing it against this origin stays on this origin.
 * `//evil.example`, `/\evil.example`, `https://...` and `javascript:` are all refused (open-redirect guard).
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes are never part of our own links, and browsers "fix" them into hosts.
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  // Coming back to the sign-in page after signing in would be a loop.
  if (url.pathname === AUTH_PATH || url.pathname.startsWith(`${AUTH_PATH}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a signed-in user goes from /auth: the redirect query if it is safe, else home. */
export function afterSignInPath(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect')) ?? '/';
}

/**
 * /auth with the page the visitor asked for, so signing in brings them back to it. The home page itself is no
 * request for a page: plain /auth (the sign-in page then says nothing about "the page you asked for"), and
 * signing in lands on home anyway.
 */
export function signInPathFor(fullPath: string): string {
  if (fullPath === '/') return AUTH_PATH;
  return `${AUTH_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}
