import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useRuntimeConfig } from '../../config/runtime-config-context';

/**
 * A read from the API as a query (docs/frontend.md, "Server state"): `read` gets the API's base address from the
 * runtime configuration. Options beyond the key (a longer `staleTime`) are TanStack Query's.
 */
export function useApiQuery<T>(queryKey: QueryKey, read: (apiBaseUrl: string) => Promise<T>, options: { staleTime?: number; enabled?: boolean } = {}) {
  const { apiBaseUrl } = useRuntimeConfig();
  return useQuery({ queryKey, queryFn: () => read(apiBaseUrl), ...options });
}
