import {
  ProfileFormResponseSchema,
  ProfileUpdateResponseSchema,
  type ParentUpdateInput,
  type ProfileFormResponse,
  type ProfileUpdateResponse,
} from '@shared/rules/parent-form';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * My Profile's form routes (docs/annual-update.md "My Profile"): the same form as the emailed link, signed in.
 * Errors are `ApiError`s, like the link's, so one form hook handles both.
 */
export async function loadProfileForm(apiBaseUrl: string, parentId?: string): Promise<ProfileFormResponse> {
  const query = parentId ? `?parentId=${encodeURIComponent(parentId)}` : '';
  return apiRequest(apiBaseUrl, `/profile/form${query}`, ProfileFormResponseSchema);
}

export async function saveProfile(
  apiBaseUrl: string,
  parentId: string | undefined,
  data: ParentUpdateInput,
): Promise<ProfileUpdateResponse> {
  const body = { ...(parentId ? { parentId } : {}), data };
  return apiRequest(apiBaseUrl, '/profile', ProfileUpdateResponseSchema, { method: 'PUT', body });
}
