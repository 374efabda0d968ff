import { useQueryClient } from '@tanstack/react-query';
import type { PrivacyRequestList, PrivacyRequestUpdate, PrivacyRequestView } from '@shared/contracts/privacy-requests-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { privacyRequestsKey } from '../../../lib/api/admin-query-keys';
import { usePrivacyRequests } from '../../../lib/api/admin-summary-queries';
import { privacyRequestsApi } from '../../../lib/api/privacy-requests-client';
import { useApiMutation } from '../../../lib/query/use-api-mutation';

/**
 * The administrators' queue of privacy requests (docs/privacy.md) as server state: GET /api/admin/privacy/requests
 * is shared with the dashboard's card (lib/api/admin-summary-queries.ts).
 */
export { usePrivacyRequests };

/** PUT /api/admin/privacy/requests/{id} at the version read: the saved request replaces its row in the queue. */
export function useUpdatePrivacyRequest() {
  const { apiBaseUrl } = useRuntimeConfig();
  const client = useQueryClient();
  return useApiMutation<PrivacyRequestView, { id: string; update: PrivacyRequestUpdate }>({
    mutationFn: ({ id, update }) => privacyRequestsApi.update(apiBaseUrl, id, update),
    // The answer is the saved request: written into the queue in the cache, no second read.
    invalidates: [],
    onSuccess: (saved) =>
      client.setQueryData<PrivacyRequestList>(privacyRequestsKey, (list) =>
        list ? { ...list, requests: list.requests.map((r) => (r.id === saved.id ? saved : r)) } : list,
      ),
  });
}
