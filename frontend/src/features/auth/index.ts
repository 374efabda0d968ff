/**
 * What the app shell and the router use from the auth feature. AdminGate is not here: the router imports it
 * on demand with the admin pages (app/router.tsx), so it stays off the first page.
 */
export { AuthDebugStatus } from './components/auth-debug-status';
export { useAccountUtility } from './components/use-account-utility';
export { useAuthNotifications } from './components/use-auth-notifications';
export { decideGuard, type GuardKind } from './guards/guard-decision';
export { useAuth } from './hooks/use-auth';
export { useIdentityHealth } from './hooks/use-identity-health';
export { useProfileLanguage } from './hooks/use-profile-language';
export { holdPrePaintedSignIn } from './pages/pre-painted-sign-in';
export { authStore } from './state/auth-store';
