import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionSettings, RetentionUpdate } from '../../../../../shared/retention-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { retentionApi } from './retention-client';

/** The retention screen's server state (docs/privacy.md, "Retention"): its two reads and its one write. */
export const retentionKeys = {
  all: ['retention'] as const,
  settings: ['retention', 'settings'] as const,
  reports: ['retention', 'reports'] as const,
};

/** GET /api/admin/privacy/retention. */
export function useRetentionSettings() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useQuery({ queryKey: retentionKeys.settings, queryFn: () => retentionApi.get(apiBaseUrl) });
}

/** GET /api/admin/privacy/retention/reports. */
export function useRetentionReports() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useQuery({ queryKey: retentionKeys.reports, queryFn: () => retentionApi.reports(apiBaseUrl) });
}

/** PUT /api/admin/privacy/retention at the version read: the answer is the settings now stored. */
export function useSaveRetention() {
  const { apiBaseUrl } = useRuntimeConfig();
  const client = useQueryClient();
  return useApiMutation<RetentionSettings, RetentionUpdate>({
    mutationFn: (update) => retentionApi.save(apiBaseUrl, update),
    // The answer is the stored settings: written into the cache, no second read.
    invalidates: [],
    onSuccess: (saved) => client.setQueryData(retentionKeys.settings, saved),
  });
}
