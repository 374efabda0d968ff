import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../lambdas/common/http';
import { prepareJson, preparedJson, takesGzip } from '../../lambdas/common/prepared-body';

/**
 * Bodies kept serialised and gzip-compressed between requests (lambdas/common/prepared-body.ts), and how
 * createHandler sends them; pure, so they run with the unit project.
 */

const event = (headers: Record<string, string>) => ({ headers }) as Pick<APIGatewayProxyEvent, 'headers'>;
const BROWSER = { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br, zstd' };

describe('prepared bodies', () => {
  const value = { name: 'École des Érables', parents: Array.from({ length: 200 }, (_, i) => ({ id: `p${i}`, note: 'ç « » é' })) };

  it('keeps the gzip of the exact JSON, and gives the same JSON back', () => {
    const prepared = prepareJson(value);
    const json = JSON.stringify(value);
    expect(gunzipSync(Buffer.from(prepared.gzipBase64, 'base64')).toString('utf8')).toBe(json);
    expect(preparedJson(prepared)).toBe(json);
    expect(prepared.jsonBytes).toBe(Buffer.byteLength(json, 'utf8'));
    expect(Buffer.from(prepared.gzipBase64, 'base64').length).toBeLessThan(prepared.jsonBytes / 3);
  });

  it('sends gzip only to a request that takes it and that API Gateway will decode (an Accept header)', () => {
    expect(takesGzip(event(BROWSER))).toBe(true);
    expect(takesGzip(event({ accept: '*/*', 'accept-encoding': 'gzip' }))).toBe(true);
    expect(takesGzip(event({ ACCEPT: '*/*', 'ACCEPT-ENCODING': 'br;q=1.0, gzip;q=0.5' }))).toBe(true);
    expect(takesGzip(event({ accept: '*/*', 'accept-encoding': 'br, *' }))).toBe(true);
    // No Accept-Encoding means identity; gzip refused with q=0; * refused; another coding only.
    expect(takesGzip(event({ accept: '*/*' }))).toBe(false);
    expect(takesGzip(event({ accept: '*/*', 'accept-encoding': 'gzip;q=0, br' }))).toBe(false);
    expect(takesGzip(event({ accept: '*/*', 'accept-encoding': 'gzip;q=0, *' }))).toBe(false);
    expect(takesGzip(event({ accept: '*/*', 'accept-encoding': '*;q=0' }))).toBe(false);
    expect(takesGzip(event({ accept: '*/*', 'accept-encoding': 'identity' }))).toBe(false);
    // Without Accept, API Gateway would pass the base64 text on instead of the bytes.
    expect(takesGzip(event({ 'accept-encoding': 'gzip' }))).toBe(false);
    expect(takesGzip({ headers: null } as never)).toBe(false);
  });
});

describe('createHandler with a prepared body and an early read', () => {
  const people = [{ personType: 'PARENT' as const, personId: 'p1', email: 'a@example.com', displayName: 'A' }];
  const claims = { sub: 's', email: 'a@example.com', email_verified: 'true' };
  const call = (headers: Record<string, string>, withClaims: Record<string, string> | null = claims) =>
    ({
      resource: '/api/directory',
      path: '/api/directory',
      httpMethod: 'GET',
      headers,
      multiValueHeaders: {},
      body: null,
      isBase64Encoded: false,
      requestContext: { identity: { sourceIp: '127.0.0.1' }, authorizer: withClaims ? { claims: withClaims } : null },
    }) as unknown as APIGatewayProxyEvent;
  const prepared = prepareJson({ hello: 'monde', list: Array.from({ length: 100 }, (_, i) => i) });

  function handlerWith(registered: boolean, reads: string[]) {
    const options = {
      findRegisteredPeople: async () => (registered ? people : []),
      hasAdminAccess: async () => false,
    };
    return createHandler({
      registry: options,
      early: {
        'GET /api/directory': {
          read: async () => {
            reads.push('early');
            return 'v1';
          },
        },
      },
      routes: {
        'GET /api/directory': async ({ early }) => {
          reads.push(`used ${String(await early)}`);
          return { prepared, etag: '"t1"' };
        },
      },
    });
  }

  it('answers gzip bytes as base64 to a client that takes them, JSON otherwise, 304 on the tag', async () => {
    const reads: string[] = [];
    const handler = handlerWith(true, reads);
    const zipped = await handler(call(BROWSER));
    expect(zipped).toMatchObject({ statusCode: 200, isBase64Encoded: true, body: prepared.gzipBase64 });
    expect(zipped.headers).toMatchObject({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', ETag: '"t1"', 'Cache-Control': 'no-store' });
    const plain = await handler(call({ Accept: 'application/json' }));
    expect(plain.isBase64Encoded).toBeFalsy();
    expect(plain.headers?.['Content-Encoding']).toBeUndefined();
    expect(plain.body).toBe(preparedJson(prepared));
    const same = await handler(call({ ...BROWSER, 'If-None-Match': '"t1"' }));
    expect(same).toMatchObject({ statusCode: 304, body: '' });
    expect(reads).toEqual(['early', 'used v1', 'early', 'used v1', 'early', 'used v1']);
  });

  it('never runs the route for a refused caller, and reads nothing early without a verified email', async () => {
    const reads: string[] = [];
    expect((await handlerWith(false, reads)(call(BROWSER))).statusCode).toBe(403);
    expect(reads).toEqual(['early']);
    const unverified = await handlerWith(true, reads)(call(BROWSER, { ...claims, email_verified: 'false' }));
    expect(unverified.statusCode).toBe(403);
    expect((await handlerWith(true, reads)(call(BROWSER, null))).statusCode).toBe(401);
    expect(reads).toEqual(['early']);
  });
});
