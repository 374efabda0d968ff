import { MeResponseSchema, type MeResponse } from '../../../../shared/auth-api';
import { apiFetch, apiRequest } from './api-client';

/** GET /api/me: the caller as the registry knows them, and whether the server counts them an administrator now. */
export async function fetchMe(apiBaseUrl: string): Promise<MeResponse> {
  return apiRequest(apiBaseUrl, '/me', MeResponseSchema);
}

/** POST /api/me/first-admin: the one-shot appointment of the deployment's first administrator (docs/auth.md). */
export async function claimFirstAdmin(apiBaseUrl: string): Promise<void> {
  await apiFetch(apiBaseUrl, '/me/first-admin', { method: 'POST', body: {} });
}
