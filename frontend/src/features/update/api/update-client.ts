import {
  UpdateLoadResponseSchema,
  UpdateSubmitResponseSchema,
  type ParentForm,
  type ParentUpdateInput,
  type UpdateSubmitResponse,
} from '@shared/rules/parent-form';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * The two calls of the emailed update link (docs/annual-update.md). No sign-in: the token is the credential, and
 * it travels in the POST body only, never in an API path or query string (proxies and logs keep URLs).
 */
export async function loadUpdateForm(apiBaseUrl: string, token: string): Promise<ParentForm> {
  return apiRequest(apiBaseUrl, '/update/load', UpdateLoadResponseSchema, { method: 'POST', body: { token }, auth: false });
}

export async function submitUpdateForm(
  apiBaseUrl: string,
  token: string,
  data: ParentUpdateInput,
): Promise<UpdateSubmitResponse> {
  return apiRequest(apiBaseUrl, '/update/submit', UpdateSubmitResponseSchema, {
    method: 'POST',
    body: { token, data },
    auth: false,
  });
}
