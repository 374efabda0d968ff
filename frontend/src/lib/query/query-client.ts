import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Server state (docs/frontend.md, "Server state"): every answer the screens read from the API is a TanStack Query
 * query, every write a mutation. A mutation says which queries its success makes stale (`meta.invalidates`); the
 * client refetches those a screen shows and marks the others stale, so the next screen asks the server again.
 */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The queries (by key prefix) the write may have changed; refetched or marked stale on success. */
      invalidates?: readonly QueryKey[];
    };
  }
}

/**
 * The app's settings: no automatic retry (a refused or failed read shows its error and a Retry button at once, as
 * before), no refetch on window focus (the screens refresh when they open), and answers stale at once, so a screen
 * opened again shows the last answer while it asks the server.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) =>
        Promise.all((mutation.meta?.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey }))),
    }),
  });
  return client;
}

/** The app's one client, provided by the signed-in shell (app/query-provider.tsx), emptied when the person changes. */
export const appQueryClient = createQueryClient();
