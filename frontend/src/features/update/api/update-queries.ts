import { useQueryClient } from '@tanstack/react-query';
import type { ParentUpdateInput, UpdateSubmitResponse } from '@shared/rules/parent-form';
import type { StaffSubmitResponse, StaffUpdateInput } from '@shared/rules/staff-form';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { adminRecordsKey, campaignKeys } from '../../../lib/api/admin-query-keys';
import { meKey } from '../../../lib/api/me-queries';
import { directoryKey } from '../../../lib/directory/use-directory';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { useApiQuery } from '../../../lib/query/use-api-query';
import { submitStaffForm } from './staff-client';
import { loadUpdateForm, submitUpdateForm } from './update-client';

/**
 * What an answer through an update link changes (docs/frontend.md, "Server state"): the directory and /me when
 * this browser is also signed in, the administrators' records and the campaign's counts.
 */
const ANSWERED = [directoryKey, meKey, adminRecordsKey, campaignKeys.all] as const;

/** The link's form, by token: one link, one parent. */
export const updateFormKey = (token: string) => ['update-form', token] as const;

/** POST /api/update/load: the parent's form through their link (reads only, the token in the body). */
export function useUpdateFormQuery(token: string) {
  return useApiQuery(updateFormKey(token), (apiBaseUrl) => loadUpdateForm(apiBaseUrl, token));
}

/**
 * POST /api/update/submit: a parent's answer through their link (the token in the body). Its answer is the form as
 * stored now: it replaces the link's read in the cache.
 */
export function useSubmitUpdate(token: string) {
  const { apiBaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useApiMutation<UpdateSubmitResponse, ParentUpdateInput>({
    mutationFn: (input) => submitUpdateForm(apiBaseUrl, token, input),
    onSuccess: (result) => queryClient.setQueryData(updateFormKey(token), result.form),
    invalidates: ANSWERED,
  });
}

/** POST /api/update/staff/submit: a staff member's answer through their link. */
export function useSubmitStaff(token: string) {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<StaffSubmitResponse, StaffUpdateInput>({
    mutationFn: (input) => submitStaffForm(apiBaseUrl, token, input),
    invalidates: ANSWERED,
  });
}
