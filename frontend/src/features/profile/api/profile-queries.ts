import type { ParentUpdateInput, ProfileUpdateResponse } from '@shared/rules/parent-form';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { meKey } from '../../../lib/api/me-queries';
import { directoryKey } from '../../../lib/directory/use-directory';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { loadMyActivity } from './activity-client';
import { loadMyConsentLog } from './consent-client';
import { saveProfile } from './profile-form-client';
import { useApiQuery } from '../../../lib/query/use-api-query';

/** My Profile's server state (docs/frontend.md, "Server state"); GET /api/me is `useMe` (lib/api/me-queries.ts). */
export const profileKeys = {
  activity: ['me', 'activity'] as const,
  consentLog: ['me', 'consent-log'] as const,
};

/** GET /api/me/activity: what administrators did with the caller's parent record. */
export function useMyActivity() {
  return useApiQuery(profileKeys.activity, loadMyActivity);
}

/** GET /api/me/consent-log: the caller's own consent log. */
export function useMyConsentLog() {
  return useApiQuery(profileKeys.consentLog, loadMyConsentLog);
}

/**
 * PUT /api/profile: one of the person's parent records saved. What My Profile shows (`meKey`, with the consent log
 * under it) is read again before the save resolves; the directory's next screen asks the server.
 */
export function useSaveProfile() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<ProfileUpdateResponse, { parentId: string | undefined; input: ParentUpdateInput }>({
    mutationFn: ({ parentId, input }) => saveProfile(apiBaseUrl, parentId, input),
    invalidates: [meKey, directoryKey],
  });
}
