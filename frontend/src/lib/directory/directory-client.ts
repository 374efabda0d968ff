import { DirectoryResponseSchema, type DirectoryResponse } from '../../../../shared/directory-api';
import { readIdTokenClaims } from '../../features/auth/api/cognito-auth';
import { ApiCallError, authorizedFetch } from '../api/me-client';

/**
 * GET /api/directory through the auth feature's `authorizedFetch` (ID token in `Authorization`). The one place
 * this feature talks to the network or to the identity layer.
 */
export type DirectoryFetchResult =
  | { kind: 'fresh'; data: DirectoryResponse; etag: string | null }
  /** 304: the copy whose ETag was sent is still current. */
  | { kind: 'notModified' };

/** The server answered, but not with a directory this client understands. */
export class DirectoryFormatError extends Error {
  constructor() {
    super('DIRECTORY_FORMAT');
    this.name = 'DirectoryFormatError';
  }
}

export async function fetchDirectory(apiBaseUrl: string, etag: string | null): Promise<DirectoryFetchResult> {
  const response = await authorizedFetch(apiBaseUrl, '/directory', etag ? { headers: { 'if-none-match': etag } } : {});
  if (response.status === 304) return { kind: 'notModified' };
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiCallError(response.status, (body as { error?: { code?: string } } | undefined)?.error?.code);
  }
  const parsed = DirectoryResponseSchema.safeParse(body);
  if (!parsed.success) throw new DirectoryFormatError();
  return { kind: 'fresh', data: parsed.data, etag: response.headers.get('etag') };
}

/** Who is signed in (the ID token's `sub`), to key the kept copy; null when nobody is. */
export async function currentUserKey(): Promise<string | null> {
  const claims = await readIdTokenClaims().catch(() => undefined);
  return typeof claims?.sub === 'string' ? claims.sub : null;
}

export { ApiCallError };
