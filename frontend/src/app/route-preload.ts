import { matchRoutes } from 'react-router-dom';
import { mayHoldSession } from '../lib/api/stored-session';
import { APP_ROUTES, type AppRoute } from './routes';

/**
 * The page a visitor arriving at `pathname` will most likely see first: the route it names, except that a
 * protected page sends a visitor with no stored session to /auth (the guard will), and /auth sends one with a
 * session elsewhere (nothing to guess: undefined).
 */
export function likelyFirstRoute(pathname: string, signedIn = mayHoldSession()): AppRoute | undefined {
  const match = matchRoutes(APP_ROUTES.map((route) => ({ path: route.path, route })), pathname)?.[0]?.route.route;
  if (!match) return undefined;
  if (match.guard === 'protected' && !signedIn) return APP_ROUTES.find((route) => route.path === '/auth');
  if (match.guard === 'auth' && signedIn) return undefined;
  return match;
}

/**
 * Starts downloading the first page's chunk as soon as the entry runs (main.tsx), in parallel with the strings
 * and `/config.json`, instead of after them when the router starts: one round trip less on a phone (docs/frontend.md,
 * "Critical path on a phone"). Only that page: a signed-out visitor never downloads the directory, nor a signed-in
 * one the sign-in page. The router's own load of the page then finds the module already there. A failure is left
 * to the router, which loads the page again and handles the error.
 */
export function preloadFirstRoute(pathname: string = window.location.pathname): void {
  likelyFirstRoute(pathname)?.load().catch(() => undefined);
}
