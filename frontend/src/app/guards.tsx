import { Navigate, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router-dom';
import { authStore, decideGuard, useAuth } from '../features/auth';
import type { Guard } from './routes';

/**
 * Runs before every navigation into a guarded group (docs/product-rules.md, "Screens and guards": "the auth state
 * is ready before any navigation"): waits for the stored session to be read, then lets the navigation through or redirects it, so a
 * page a visitor may not see is never rendered.
 */
export function guardLoader(guard: Guard) {
  return async ({ request }: LoaderFunctionArgs) => {
    await authStore.initialize();
    const { user, signedOut, sessionExpired } = authStore.getState();
    const decision = decideGuard(guard, new URL(request.url), user, signedOut, sessionExpired);
    if (decision.kind === 'redirect') throw redirect(decision.to);
    return null;
  };
}

/**
 * The same decision while a protected page is showing: signing out, or a session that ends, moves the person on
 * without waiting for their next click. /auth is left to the loader: its forms navigate on their own once the
 * sign-in or registration has finished.
 */
export function GuardOutlet({ guard }: { guard: Guard }) {
  const { user, isInitialized, signedOut, sessionExpired } = useAuth();
  const location = useLocation();
  if (guard === 'protected' && isInitialized) {
    const decision = decideGuard(guard, location, user, signedOut, sessionExpired);
    if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  }
  return <Outlet />;
}
