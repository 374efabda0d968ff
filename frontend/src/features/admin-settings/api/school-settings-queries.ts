import { useQueryClient } from '@tanstack/react-query';
import type { SettingsForm } from '../model/settings-form';
import type { SettingsResponse } from '@shared/contracts/school-settings-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { directoryKey } from '../../../lib/directory/use-directory';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { adminSettingsApi } from './admin-settings-client';
import { useApiQuery } from '../../../lib/query/use-api-query';

/** The school settings (docs/data-onboarding.md, "School settings") as server state. */
export const settingsKey = ['school-settings'] as const;

/** GET /api/admin/settings. */
export function useSchoolSettings() {
  return useApiQuery(settingsKey, adminSettingsApi.settings);
}

/**
 * PUT /api/admin/settings at the version read: the answer is the stored settings (written into the cache); the
 * directory (the school's card, its levels) asks the server on its next screen.
 */
export function useSaveSettings() {
  const { apiBaseUrl } = useRuntimeConfig();
  const client = useQueryClient();
  return useApiMutation<SettingsResponse, SettingsForm>({
    mutationFn: (form) => adminSettingsApi.saveSettings(apiBaseUrl, form),
    invalidates: [directoryKey],
    onSuccess: (response) => client.setQueryData(settingsKey, response),
  });
}
