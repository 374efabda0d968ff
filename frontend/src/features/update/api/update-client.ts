import {
  UpdateLoadResponseSchema,
  UpdateSubmitResponseSchema,
  type ParentForm,
  type ParentUpdateInput,
  type UpdateSubmitResponse,
} from '../../../../../shared/parent-form';

/**
 * The two calls of the emailed update link (docs/annual-update.md). No sign-in: the token is the credential, and
 * it travels in the POST body only, never in an API path or query string (proxies and logs keep URLs).
 */
export class UpdateCallError extends Error {
  constructor(readonly status: number, readonly code: string | undefined, readonly fields: string[] = []) {
    super(code ?? `HTTP ${status}`);
    this.name = 'UpdateCallError';
  }
}

/** The API's error body (`{ error: { code, fields } }`) as an `UpdateCallError`. */
export function toCallError(status: number, json: unknown): UpdateCallError {
  const error = (json as { error?: { code?: string; fields?: { path: string }[] } } | undefined)?.error;
  return new UpdateCallError(status, error?.code, (error?.fields ?? []).map((field) => field.path));
}

async function post(apiBaseUrl: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${apiBaseUrl.replace(/\/$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toCallError(response.status, json);
  return json;
}

export async function loadUpdateForm(apiBaseUrl: string, token: string): Promise<ParentForm> {
  return UpdateLoadResponseSchema.parse(await post(apiBaseUrl, '/update/load', { token }));
}

export async function submitUpdateForm(
  apiBaseUrl: string,
  token: string,
  data: ParentUpdateInput,
): Promise<UpdateSubmitResponse> {
  return UpdateSubmitResponseSchema.parse(await post(apiBaseUrl, '/update/submit', { token, data }));
}
