import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * The service-health record, with `identityReachable` in place of the original identity provider's
 * flag. `null` means "not checked yet". The auth layer reports identity reachability through
 * `reportIdentityReachable` (a token refresh doubles as the health check).
 */
export interface ServiceHealth {
  isOnline: boolean;
  identityReachable: boolean | null;
  apiReachable: boolean | null;
  /** ISO timestamp of the last change or check. */
  lastChecked: string;
}

interface ServiceHealthContextValue {
  health: ServiceHealth;
  checkNow: () => Promise<void>;
  reportIdentityReachable: (reachable: boolean) => void;
}

const ServiceHealthContext = createContext<ServiceHealthContextValue | null>(null);
const HEALTH_TIMEOUT_MS = 5_000;

async function pingApi(apiBaseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiBaseUrl.replace(/\/$/, '')}/health`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

const now = () => new Date().toISOString();

export function ServiceHealthProvider({ apiBaseUrl, children }: { apiBaseUrl: string; children: ReactNode }) {
  const [health, setHealth] = useState<ServiceHealth>(() => ({
    isOnline: navigator.onLine,
    identityReachable: null,
    apiReachable: null,
    lastChecked: now(),
  }));

  const checkNow = useCallback(async () => {
    const apiReachable = await pingApi(apiBaseUrl);
    setHealth((h) => ({ ...h, isOnline: navigator.onLine, apiReachable, lastChecked: now() }));
  }, [apiBaseUrl]);

  const reportIdentityReachable = useCallback((identityReachable: boolean) => {
    setHealth((h) => (h.identityReachable === identityReachable ? h : { ...h, identityReachable, lastChecked: now() }));
  }, []);

  useEffect(() => {
    const goOffline = () => setHealth((h) => ({ ...h, isOnline: false, lastChecked: now() }));
    const goOnline = () => {
      setHealth((h) => ({ ...h, isOnline: true, lastChecked: now() }));
      void checkNow();
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    void checkNow();
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, [checkNow]);

  const value = useMemo(() => ({ health, checkNow, reportIdentityReachable }), [health, checkNow, reportIdentityReachable]);
  return <ServiceHealthContext.Provider value={value}>{children}</ServiceHealthContext.Provider>;
}

export function useServiceHealth(): ServiceHealthContextValue {
  const value = useContext(ServiceHealthContext);
  if (!value) throw new Error('useServiceHealth must be used inside <ServiceHealthProvider>');
  return value;
}
