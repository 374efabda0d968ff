import { MeResponseSchema, type MeResponse } from '../../../../../shared/auth-api';
import { idToken } from './cognito-auth';

/** Error of an API call: the HTTP status and the API's error code, if it sent one. */
export class ApiCallError extends Error {
  constructor(readonly status: number, readonly code: string | undefined) {
    super(code ?? `HTTP ${status}`);
    this.name = 'ApiCallError';
  }
}

let adminRefused: (() => void) | undefined;

/** Registers who hears that an admin route answered 403 (access ended): the auth store hides the admin menu. */
export function onAdminRefused(listener: () => void): void {
  adminRefused = listener;
}

/**
 * `fetch` to the API with the ID token in `Authorization` (the API Gateway Cognito authoriser, and the local
 * gateway, read the ID token: it carries email, email_verified and the groups).
 */
export async function authorizedFetch(apiBaseUrl: string, path: string, init: RequestInit = {}): Promise<Response> {
  const token = await idToken();
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(`${apiBaseUrl.replace(/\/$/, '')}${path}`, { ...init, headers, cache: 'no-store' });
  // The server decides admin access on every request: a refusal means it ended (dates, revoke, handover).
  if (response.status === 403 && path.startsWith('/admin')) adminRefused?.();
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const code = (body as { error?: { code?: string } } | undefined)?.error?.code;
    throw new ApiCallError(response.status, code);
  }
  return body;
}

/** GET /api/me: the caller as the registry knows them, and whether the server counts them an administrator now. */
export async function fetchMe(apiBaseUrl: string): Promise<MeResponse> {
  return MeResponseSchema.parse(await readJson(await authorizedFetch(apiBaseUrl, '/me')));
}

/** POST /api/me/first-admin: the one-shot appointment of the deployment's first administrator (docs/auth.md). */
export async function claimFirstAdmin(apiBaseUrl: string): Promise<void> {
  await readJson(await authorizedFetch(apiBaseUrl, '/me/first-admin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
}
