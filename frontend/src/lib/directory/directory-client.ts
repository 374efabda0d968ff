import { DirectoryResponseSchema, type DirectoryResponse } from '@shared/contracts/directory-api';
import { apiFetch, parseBody } from '../api/api-client';
import { readIdTokenClaims } from '../api/session';

/**
 * GET /api/directory through the API client (ID token in `Authorization`), with the kept copy's ETag. The one
 * place the directory data talks to the network or to the identity layer.
 */
export type DirectoryFetchResult =
  | { kind: 'fresh'; data: DirectoryResponse; etag: string | null }
  /** 304: the copy whose ETag was sent is still current. */
  | { kind: 'notModified' };

export async function fetchDirectory(apiBaseUrl: string, etag: string | null): Promise<DirectoryFetchResult> {
  const response = await apiFetch(apiBaseUrl, '/directory', etag ? { headers: { 'if-none-match': etag } } : {});
  if (response.status === 304) return { kind: 'notModified' };
  const data = parseBody(DirectoryResponseSchema, await response.json().catch(() => undefined));
  return { kind: 'fresh', data, etag: response.headers.get('etag') };
}

/** Who is signed in (the ID token's `sub`), to key the kept copy; null when nobody is. */
export async function currentUserKey(): Promise<string | null> {
  const claims = await readIdTokenClaims().catch(() => undefined);
  return typeof claims?.sub === 'string' ? claims.sub : null;
}
