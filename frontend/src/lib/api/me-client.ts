import type { MeResponse } from '@shared/contracts/auth-api';
import { apiFetch, parseBody } from './api-client';

/** GET /api/me: the caller as the registry knows them, and whether the server counts them an administrator now. */
export async function fetchMe(apiBaseUrl: string): Promise<MeResponse> {
  // The schema (and zod) load on demand, in parallel with the request: the first page's scripts stay without zod.
  const schema = import('@shared/contracts/auth-api');
  schema.catch(() => undefined);
  const response = await apiFetch(apiBaseUrl, '/me');
  const body: unknown = await response.json().catch(() => undefined);
  const { MeResponseSchema } = await schema;
  return parseBody(MeResponseSchema, body);
}

/** POST /api/me/first-admin: the one-shot appointment of the deployment's first administrator (docs/auth.md). */
export async function claimFirstAdmin(apiBaseUrl: string): Promise<void> {
  await apiFetch(apiBaseUrl, '/me/first-admin', { method: 'POST', body: {} });
}
