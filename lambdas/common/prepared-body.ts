import { gunzipSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * A JSON body a route keeps between requests already serialised and gzip-compressed (GET /api/directory: one per
 * version and viewer), so a repeat read does no JSON and no compression work, in the function or in API Gateway
 * (docs/decisions/the-directory-s-warm-read-one-round-trip-bytes-ready.md, "The directory's warm read: one round trip, bytes ready").
 *
 * Only the gzip is kept (base64, as the Lambda response carries it): about a sixth of the JSON's size. A client
 * that does not take gzip gets the JSON inflated back from it, byte for byte the same.
 */
export interface PreparedBody {
  /** The gzip of the JSON, base64-encoded. */
  readonly gzipBase64: string;
  /** Length of the JSON in bytes (what a client without gzip receives). */
  readonly jsonBytes: number;
}

/**
 * gzip level 6 (zlib's default, what API Gateway's own compression gives in size): built once per version and
 * viewer, read many times, so the smaller body wins over a faster first build (level 1 is about 15% larger).
 */
const GZIP_LEVEL = 6;

export function prepareJson(value: unknown): PreparedBody {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  return { gzipBase64: gzipSync(json, { level: GZIP_LEVEL }).toString('base64'), jsonBytes: json.length };
}

/** The JSON itself, for a client that does not take gzip. */
export function preparedJson(body: PreparedBody): string {
  return gunzipSync(Buffer.from(body.gzipBase64, 'base64')).toString('utf8');
}

/** A header's values, whatever case the client gave its name (API Gateway keeps it). */
function headerOf(event: Pick<APIGatewayProxyEvent, 'headers'>, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === name && typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * Whether the response may be sent gzip-encoded as base64 with `isBase64Encoded` (API Gateway turns it back into
 * bytes, lib/constructs/api.ts sets the binary media types to any type):
 * - Accept-Encoding lists `gzip` (or `*`) with a non-zero weight (RFC 9110 §12.5.3): no header means identity,
 *   as API Gateway's own compression reads it;
 * - an Accept header is present: API Gateway decodes a base64 body only when the request's Accept matches a
 *   binary media type, and a request without one would receive the base64 text.
 */
export function takesGzip(event: Pick<APIGatewayProxyEvent, 'headers'>): boolean {
  const accept = headerOf(event, 'accept');
  const encodings = headerOf(event, 'accept-encoding');
  if (!accept?.trim() || !encodings) return false;
  let star: boolean | undefined;
  for (const item of encodings.split(',')) {
    const [coding, ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const allowed = Number.isFinite(weight) && weight > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') star = allowed;
  }
  return star ?? false;
}
