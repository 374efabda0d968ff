import { MeResponseSchema, type MeResponse } from '../../../../shared/auth-api';
import { idToken } from '../../features/auth/api/cognito-auth';

/** Error of an API call: the HTTP status and the API's error code, if it sent one. */
export class ApiCallError extends Error {
  constructor(readonly status: number, readonly code: string | undefined) {
    super(code ?? `HTTP ${status}`);
    this.name = 'ApiCallError';
  }
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
  return fetch(`${apiBaseUrl.replace(/\/$/, '')}${path}`, { ...init, headers, cache: 'no-store' });
}

/** GET /api/me: the caller as the registry knows them; may grant the first administrator. */
export async function fetchMe(apiBaseUrl: string): Promise<MeResponse> {
  const response = await authorizedFetch(apiBaseUrl, '/me');
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const code = (body as { error?: { code?: string } } | undefined)?.error?.code;
    throw new ApiCallError(response.status, code);
  }
  return MeResponseSchema.parse(body);
}
