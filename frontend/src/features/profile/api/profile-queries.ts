import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParentUpdateInput, ProfileFormResponse, ProfileUpdateResponse } from '@shared/rules/parent-form';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { meKey } from '../../../lib/api/me-queries';
import { directoryKey } from '../../../lib/directory/use-directory';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { loadMyActivity } from './activity-client';
import { loadMyConsentLog } from './consent-client';
import { loadProfileForm, saveProfile } from './profile-form-client';
import { useApiQuery } from '../../../lib/query/use-api-query';
import { privacyRequestsApi, type NewPrivacyRequest } from '../../../lib/api/privacy-requests-client';

/** My Profile's server state (docs/frontend.md, "Server state"); GET /api/me is `useMe` (lib/api/me-queries.ts). */
export const profileKeys = {
  activity: ['me', 'activity'] as const,
  consentLog: ['me', 'consent-log'] as const,
  /** The form of one of the person's parent records (none: the first). Not under `me`: a save puts its answer here. */
  form: (parentId: string | undefined) => ['profile-form', parentId ?? ''] as const,
  /** Under the queue's prefix: an administrator's answer (in the same browser) makes it stale too. */
  privacyRequests: ['privacy-requests', 'mine'] as const,
};

const formOf = (response: ProfileFormResponse) => response.form;
const parentsOf = (response: ProfileFormResponse) => response.parents;

/** GET /api/profile/form[?parentId=]: one read, two views of it (the form, the person's parent records). */
function useProfileFormRead<T>(parentId: string | undefined, select: (response: ProfileFormResponse) => T) {
  const { apiBaseUrl } = useRuntimeConfig();
  return useQuery({ queryKey: profileKeys.form(parentId), queryFn: () => loadProfileForm(apiBaseUrl, parentId), select });
}

/** The form of one parent record. */
export const useProfileForm = (parentId: string | undefined) => useProfileFormRead(parentId, formOf);

/** The parent records under the signed-in email (a family email can hold two): the form's selector. */
export const useProfileParents = (parentId: string | undefined) => useProfileFormRead(parentId, parentsOf);

/** GET /api/privacy-requests: the caller's own privacy requests and where each stands. */
export function useMyPrivacyRequests() {
  return useApiQuery(profileKeys.privacyRequests, privacyRequestsApi.mine);
}

/** POST /api/privacy-requests for one of the caller's parent records; the list above the form shows it then. */
export function useFilePrivacyRequest(parentId: string) {
  const client = useQueryClient();
  const { apiBaseUrl } = useRuntimeConfig();
  return async (request: NewPrivacyRequest) => {
    const receipt = await privacyRequestsApi.file(apiBaseUrl, { ...request, parentId });
    await client.invalidateQueries({ queryKey: profileKeys.privacyRequests });
    return receipt;
  };
}

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
  const queryClient = useQueryClient();
  return useApiMutation<ProfileUpdateResponse, { parentId: string | undefined; input: ParentUpdateInput }>({
    mutationFn: ({ parentId, input }) => saveProfile(apiBaseUrl, parentId, input),
    // The answer is the form as stored now: it replaces that record's form (the list of records is unchanged).
    onSuccess: (result, { parentId }) =>
      queryClient.setQueryData<ProfileFormResponse>(profileKeys.form(parentId), (cached) => cached && { ...cached, form: result.form }),
    invalidates: [meKey, directoryKey],
  });
}
