import { useEffect } from 'react';
import { useServiceHealth } from '../../../components/service-health/service-health-context';
import { authStore } from '../state/auth-store';
import { useAuth } from './use-auth';

/**
 * Feeds the service-health record's "identity service reachable": every identity call reports it, and a forced
 * token refresh checks it when a user is signed in and whenever the browser comes back online (docs/product-rules.md).
 */
export function useIdentityHealth(): void {
  const { reportIdentityReachable } = useServiceHealth();
  const signedIn = useAuth().user !== null;

  useEffect(() => authStore.onIdentityReachability(reportIdentityReachable), [reportIdentityReachable]);

  useEffect(() => {
    if (!signedIn) return;
    const check = () => {
      void authStore.checkIdentityReachable().then((reachable) => {
        if (reachable !== null) reportIdentityReachable(reachable);
      });
    };
    check();
    window.addEventListener('online', check);
    return () => window.removeEventListener('online', check);
  }, [signedIn, reportIdentityReachable]);
}
