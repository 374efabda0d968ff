import type { MergeRequest, MergeResponse, MergeSummary } from '@shared/contracts/duplicates-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { directoryKey } from '../../../lib/directory/use-directory';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { duplicatesApi } from './duplicates-client';
import { useApiQuery } from '../../../lib/query/use-api-query';

/** The duplicates screen (docs/product-rules.md, "Duplicates") as server state. */
export const duplicatesKey = ['duplicates'] as const;

/** GET /api/admin/duplicates: the likely pairs and the merges that can be undone. */
export function useDuplicates() {
  return useApiQuery(duplicatesKey, duplicatesApi.list);
}

/** A merge or its undo changes the pairs, the merges and the directory's parents. */
const CHANGED = [duplicatesKey, directoryKey];

/** POST /api/admin/duplicates/merge. */
export function useMerge() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<MergeResponse, MergeRequest>({
    mutationFn: (request) => duplicatesApi.merge(apiBaseUrl, request),
    invalidates: CHANGED,
  });
}

/** POST /api/admin/duplicates/merges/{id}/undo. */
export function useUndoMerge() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<MergeSummary, string>({
    mutationFn: (mergeId) => duplicatesApi.undo(apiBaseUrl, mergeId),
    invalidates: CHANGED,
  });
}
