import { useSyncExternalStore } from 'react';
import { authStore, type AuthState } from '../state/auth-store';
import { isAdminUser } from '../state/auth-user';

/** The auth state, re-rendering on every change; `isAdmin` is the ID token's `admins` group membership. */
export function useAuth(): AuthState & { isAdmin: boolean } {
  const state = useSyncExternalStore(authStore.subscribe, authStore.getState);
  return { ...state, isAdmin: isAdminUser(state.user) };
}
