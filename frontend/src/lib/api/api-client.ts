import type { z } from 'zod';
import type { ApiErrorBody } from '@shared/contracts/error-codes';
import { idToken } from './session';

/**
 * The one way the frontend calls the API: JSON in and out, the ID token in `Authorization` (the API Gateway
 * Cognito authoriser and the local gateway read the ID token: it carries email, email_verified and the groups),
 * errors as `ApiError`, and every answer checked against a schema from shared/. The server's error body is
 * `{ error: { code, fields? } }` (shared/contracts/error-codes.ts).
 */

/** A refused call: the HTTP status, the server's error code and field errors, and `Retry-After` when sent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly fields: { path: string; issue: string }[] = [],
    /** Seconds, from `Retry-After` (409 while another request holds a lock, 503 when the service is busy). */
    readonly retryAfter?: number,
    /** The whole error body, for the routes that add details (a refused import's report, orphan ids). */
    readonly body?: unknown,
  ) {
    super(code ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** The server answered with a body this client does not understand (a newer or broken API). */
export class ApiFormatError extends Error {
  constructor() {
    super('API_FORMAT');
    this.name = 'ApiFormatError';
  }
}

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** False for the update-link routes: their token travels in the body and nobody is signed in. */
  auth?: boolean;
}

let adminRefused: ((code: string | undefined) => void) | undefined;

/**
 * Registers who hears that an admin route answered 403, with the server's code: access ended (the auth store hides
 * the admin menu), or MFA_REQUIRED (the admin pages ask for an authenticator).
 */
export function onAdminRefused(listener: (code: string | undefined) => void): void {
  adminRefused = listener;
}

const sessionEndedListeners = new Set<() => void>();

/**
 * Registers who hears that the server refused the session (401 to a call made for a signed-in person: its token
 * revoked, expired, the account deleted, or no token left to send). The auth store then ends the session on the device (tokens, the offline copy) and sends the
 * person to sign in; the directory store forgets its copy. A 403 is a decision about access, heard elsewhere.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * The server said this account may no longer read the directory: the opt-in offline copy goes (loaded on demand,
 * so the first page does not carry it; lib/offline/offline-copy-storage.ts holds the rule).
 */
async function eraseOfflineCopyIfAccessEnded(error: ApiError): Promise<void> {
  if (error.status !== 401 && error.status !== 403) return;
  try {
    const { accessEnded, offlineCopy } = await import('../offline/offline-copy-storage');
    if (accessEnded(error.status, error.code)) await offlineCopy.erase();
  } catch {
    // The module could not load (offline, mid-deploy): the directory store erases the copy on its own 401/403.
  }
}

/** Reads a refused response into an `ApiError`. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const error = (body as Partial<ApiErrorBody> | undefined)?.error;
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    error?.code,
    error?.fields ?? [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    body,
  );
}

/**
 * The raw response, for callers that read headers or statuses themselves (ETag and 304 on the directory).
 * Throws `ApiError` when the status is neither 2xx nor 304.
 */
export async function apiFetch(apiBaseUrl: string, path: string, call: ApiCall = {}): Promise<Response> {
  const headers = new Headers(call.headers);
  headers.set('accept', 'application/json');
  if (call.body !== undefined) headers.set('content-type', 'application/json');
  const token = call.auth !== false ? await idToken() : undefined;
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(`${apiBaseUrl.replace(/\/$/, '')}${path}`, {
    method: call.method ?? 'GET',
    headers,
    cache: 'no-store',
    ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
  });
  if (!response.ok && response.status !== 304) {
    const error = await apiErrorOf(response);
    // The server decides admin access on every request: a refusal means it ended (dates, revoke, handover).
    if (error.status === 403 && path.startsWith('/admin')) adminRefused?.(error.code);
    if (call.auth !== false) void eraseOfflineCopyIfAccessEnded(error);
    // A call made for a signed-in person refused as unauthenticated: the session is over, with its token sent or
    // without one left to send (signed out in another tab, its refresh expired: a trial's profile save said only
    // « échec, réessayez », which could never work). The update-link routes (auth: false) never end a session.
    if (error.status === 401 && (token || call.auth !== false)) sessionEndedListeners.forEach((listener) => listener());
    throw error;
  }
  return response;
}

/** Checks a body against its schema; `ApiFormatError` when it does not match. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiFormatError();
  return parsed.data;
}

/** One JSON call: the answer parsed with `schema`. */
export async function apiRequest<T>(apiBaseUrl: string, path: string, schema: z.ZodType<T>, call: ApiCall = {}): Promise<T> {
  const response = await apiFetch(apiBaseUrl, path, call);
  return parseBody(schema, await response.json().catch(() => undefined));
}
