import { useSyncExternalStore } from 'react';
import { authStore, type AuthState } from '../state/auth-store';

/**
 * The auth state, re-rendering on every change. `isAdmin` is the server's decision (GET /api/me, and false as
 * soon as an admin route answers 403), never the token's group; `adminPending` while the server has not answered.
 */
export function useAuth(): AuthState & { isAdmin: boolean; adminPending: boolean } {
  const state = useSyncExternalStore(authStore.subscribe, authStore.getState);
  return {
    ...state,
    isAdmin: state.serverAdmin === true,
    adminPending: !!state.user?.emailVerified && state.serverAdmin === null,
  };
}
