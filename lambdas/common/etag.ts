import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * Conditional GET (RFC 9110 §8.8.3, §13.1.2) for large JSON reads the browser keeps its own copy of: the ETag is
 * a strong validator, the SHA-256 of the exact body bytes, so equal bodies always get equal tags, whichever
 * function instance answered.
 */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body, 'utf8').digest('base64url')}"`;
}

/**
 * True when If-None-Match lists this tag or `*`. If-None-Match uses the weak comparison, so `W/"x"` matches
 * `"x"`: a proxy that re-encodes the body may have weakened the tag the client saw.
 */
export function ifNoneMatchHits(event: Pick<APIGatewayProxyEvent, 'headers' | 'multiValueHeaders'>, tag: string): boolean {
  const values = headerValues(event, 'if-none-match');
  const opaque = tag.replace(/^W\//, '');
  return values
    .flatMap((value) => value.split(','))
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === opaque);
}

/** API Gateway keeps the client's header casing (HTTP/2 clients send lowercase), so look up case-blind. */
function headerValues(event: Pick<APIGatewayProxyEvent, 'headers' | 'multiValueHeaders'>, name: string): string[] {
  const values: string[] = [];
  for (const [key, value] of Object.entries(event.multiValueHeaders ?? {})) {
    if (key.toLowerCase() === name && value) values.push(...value);
  }
  if (values.length > 0) return values;
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === name && typeof value === 'string') values.push(value);
  }
  return values;
}
