import { useQueryClient } from '@tanstack/react-query';
import type { RetentionSettings, RetentionUpdate } from '@shared/contracts/retention-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { retentionApi } from './retention-client';
import { useApiQuery } from '../../../lib/query/use-api-query';

/** The retention screen's server state (docs/privacy.md, "Retention"): its two reads and its one write. */
export const retentionKeys = {
  all: ['retention'] as const,
  settings: ['retention', 'settings'] as const,
  reports: ['retention', 'reports'] as const,
};

/** GET /api/admin/privacy/retention. */
export function useRetentionSettings() {
  return useApiQuery(retentionKeys.settings, retentionApi.get);
}

/** GET /api/admin/privacy/retention/reports. */
export function useRetentionReports() {
  return useApiQuery(retentionKeys.reports, retentionApi.reports);
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
