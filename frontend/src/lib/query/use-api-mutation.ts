import { useMutation, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';

/**
 * A write through the API: TanStack Query's mutation, with the queries it makes stale named up front
 * (`invalidates`, key prefixes). On success those queries are refetched (those on screen) or marked stale.
 */
export function useApiMutation<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'meta'> & { invalidates: readonly QueryKey[] },
) {
  const { invalidates, ...rest } = options;
  return useMutation<TData, Error, TVariables>({ ...rest, meta: { invalidates } });
}
