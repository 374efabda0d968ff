import {
  ProfileFormResponseSchema,
  ProfileUpdateResponseSchema,
  type ParentUpdateInput,
  type ProfileFormResponse,
  type ProfileUpdateResponse,
} from '../../../../../shared/parent-form';
import { authorizedFetch } from '../../../lib/api/me-client';
import { toCallError } from '../../update/api/update-client';

/**
 * My Profile's form routes (docs/annual-update.md "My Profile"): the same form as the emailed link, signed in.
 * Errors are `UpdateCallError`s, like the link's, so one form hook handles both.
 */
async function call(apiBaseUrl: string, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await authorizedFetch(apiBaseUrl, path, init);
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toCallError(response.status, json);
  return json;
}

export async function loadProfileForm(apiBaseUrl: string, parentId?: string): Promise<ProfileFormResponse> {
  const query = parentId ? `?parentId=${encodeURIComponent(parentId)}` : '';
  return ProfileFormResponseSchema.parse(await call(apiBaseUrl, `/profile/form${query}`));
}

export async function saveProfile(
  apiBaseUrl: string,
  parentId: string | undefined,
  data: ParentUpdateInput,
): Promise<ProfileUpdateResponse> {
  const body = JSON.stringify({ ...(parentId ? { parentId } : {}), data });
  return ProfileUpdateResponseSchema.parse(
    await call(apiBaseUrl, '/profile', { method: 'PUT', headers: { 'content-type': 'application/json' }, body }),
  );
}
