import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Caller } from '../../lambdas/common/claims';
import { createHandler, type RouteHandlers } from '../../lambdas/common/http';

/**
 * createHandler's one-object definition (lambdas/common/http.ts): a route's access level types its handler's
 * caller, and an early read types the route's `early`. The type checks below are compiled with the tests
 * (`npm run typecheck`): each `@ts-expect-error` fails the build if the mistake it marks compiles.
 */
const registry = {
  findRegisteredPeople: async (email: string) => [{ personType: 'PARENT' as const, personId: 'p1', email, displayName: 'A' }],
  hasAdminAccess: async () => true,
};

const event = (resource: string, httpMethod: string, claims?: Record<string, string>) =>
  ({
    resource,
    path: resource,
    httpMethod,
    headers: {},
    multiValueHeaders: {},
    body: null,
    isBase64Encoded: false,
    requestContext: { identity: { sourceIp: '127.0.0.1' }, authorizer: claims ? { claims } : null },
  }) as unknown as APIGatewayProxyEvent;

const member = { sub: 'sub-1', email: 'a@example.com', email_verified: 'true' };

describe('typed route handlers', () => {
  it('gives member and admin routes a caller that is always there, public ones an optional one', () => {
    const routes: RouteHandlers = {
      'GET /api/me': async ({ caller }) => {
        expectTypeOf(caller).toEqualTypeOf<Caller>();
        return { body: caller.sub };
      },
      'GET /api/admin/settings': async ({ caller }) => {
        expectTypeOf(caller).toEqualTypeOf<Caller>();
        return { body: caller.sub };
      },
      'POST /api/validateEmailV2': async ({ caller }) => {
        expectTypeOf(caller).toEqualTypeOf<Caller | undefined>();
        // @ts-expect-error a public route may be called without a token
        return { body: caller.sub };
      },
      'POST /api/update/load': async ({ caller }) => {
        expectTypeOf(caller).toEqualTypeOf<Caller | undefined>();
        return { body: caller?.sub };
      },
    };
    expect(Object.keys(routes)).toHaveLength(4);
  });

  it('refuses a route key that lambdas/routes.ts does not hold', () => {
    const routes: RouteHandlers = {
      // @ts-expect-error not a route
      'GET /api/nowhere': async () => ({ body: {} }),
    };
    expect(Object.keys(routes)).toEqual(['GET /api/nowhere']);
  });

  it("types a route's early read and hands the read value to its handler once the caller is let through", async () => {
    const handler = createHandler({
      registry,
      early: { 'GET /api/directory': { read: async () => ({ version: 7 }) } },
      routes: {
        'GET /api/directory': async ({ early, caller }) => {
          expectTypeOf(early).toEqualTypeOf<Promise<{ version: number }>>();
          const { version } = await early;
          return { body: { version, sub: caller.sub } };
        },
        'GET /api/me': async (request) => {
          // @ts-expect-error only a route with an early read has one
          return { body: request.early };
        },
      },
    });
    const answer = await handler(event('/api/directory', 'GET', member));
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ version: 7, sub: 'sub-1' });
    // No token: refused before the route runs, whatever the types say of its caller.
    expect((await handler(event('/api/directory', 'GET'))).statusCode).toBe(401);
  });

  it('takes early reads on signed-in routes only', () => {
    const define = () =>
      createHandler({
        registry,
        // @ts-expect-error a public route's caller is not checked first, so it gets no early read
        early: { 'POST /api/validateEmailV2': { read: async () => 1 } },
        routes: { 'POST /api/validateEmailV2': async () => ({ body: {} }) },
      });
    expect(typeof define()).toBe('function');
  });
});
