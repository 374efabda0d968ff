import {
  DuplicatesResponseSchema,
  MergeResponseSchema,
  UndoResponseSchema,
  type DuplicatesResponse,
  type MergeRequest,
  type MergeResponse,
  type MergeSummary,
} from '@shared/contracts/duplicates-api';
import { apiRequest } from '../../../lib/api/api-client';

/** The duplicate routes (docs/product-rules.md, "Duplicates"). */
export const duplicatesApi = {
  list: (api: string): Promise<DuplicatesResponse> => apiRequest(api, '/admin/duplicates', DuplicatesResponseSchema),
  merge: (api: string, request: MergeRequest): Promise<MergeResponse> =>
    apiRequest(api, '/admin/duplicates/merge', MergeResponseSchema, { method: 'POST', body: request }),
  undo: (api: string, mergeId: string): Promise<MergeSummary> =>
    apiRequest(api, `/admin/duplicates/merges/${encodeURIComponent(mergeId)}/undo`, UndoResponseSchema, { method: 'POST', body: {} }).then(
      (r) => r.merge,
    ),
};
