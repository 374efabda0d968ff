import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../lambdas/common/http';
import { gatewayLayout, matchRoute, PROXY_SEGMENT } from '../../lambdas/gateway-layout';
import { ROUTES, type RouteDef } from '../../lambdas/routes';

/**
 * API Gateway by context (lambdas/gateway-layout.ts): the methods API Gateway and the local gateway hold, computed
 * from lambdas/routes.ts, and createHandler's dispatch under a greedy resource.
 */
const routes = ROUTES as readonly RouteDef[];
const layout = gatewayLayout();
const isOpen = (route: RouteDef) => route.access === 'public' || route.access === 'token';

describe('gateway layout', () => {
  it('serves every route by exactly one method, of its context, with the authorisation of its access level', () => {
    for (const route of routes) {
      const serving = layout.filter((entry) => entry.routes.includes(route));
      expect(serving, `${route.method} ${route.path}`).toHaveLength(1);
      expect(serving[0]!.context).toBe(route.context);
      expect(serving[0]!.open, `${route.method} ${route.path}`).toBe(isOpen(route));
    }
  });

  it('puts a greedy resource only over routes below its literal prefix, all of one context and one kind', () => {
    const greedy = layout.filter((entry) => entry.resource.endsWith(`/${PROXY_SEGMENT}`));
    expect(greedy.length).toBeGreaterThan(0);
    for (const entry of greedy) {
      const prefix = entry.resource.slice(0, -PROXY_SEGMENT.length);
      expect(prefix).not.toContain('{');
      expect(entry.method).toBe('ANY');
      // No route under the prefix goes elsewhere (API Gateway would send it to this method).
      const under = routes.filter((route) => route.path.startsWith(prefix));
      expect(under).toEqual(entry.routes);
    }
  });

  it('costs well under a resource and a method per route', () => {
    const resources = new Set(
      layout.flatMap((entry) => entry.resource.split('/').filter(Boolean).map((_, i, parts) => parts.slice(0, i + 1).join('/'))),
    );
    expect(resources.size + layout.length).toBeLessThan(routes.length * 1.3);
  });

  it('keeps a public route open inside a part of the tree that is otherwise signed in', () => {
    const layoutWith = gatewayLayout([
      { method: 'GET', path: '/api/things', context: 'admin', access: 'admin', name: 'a' },
      { method: 'PUT', path: '/api/things/{id}', context: 'admin', access: 'admin', name: 'b' },
      { method: 'DELETE', path: '/api/things/{id}', context: 'admin', access: 'admin', name: 'c' },
      { method: 'POST', path: '/api/things/open', context: 'admin', access: 'public', name: 'd' },
    ]);
    expect(layoutWith.map((e) => `${e.method} ${e.resource} ${e.open ? 'open' : 'authorised'}`)).toEqual([
      'GET /api/things authorised',
      'PUT /api/things/{id} authorised',
      'DELETE /api/things/{id} authorised',
      'POST /api/things/open open',
    ]);
  });

  it('matches literal segments before parameters', () => {
    const found = matchRoute(routes, 'GET', '/api/admin/privacy/incidents/export/csv');
    expect(found.route?.name).toBe('privacyIncidentExportCsv');
    expect(matchRoute(routes, 'PATCH', '/api/admin/settings')).toEqual({ pathKnown: true });
    expect(matchRoute(routes, 'GET', '/api/nowhere')).toEqual({ pathKnown: false });
  });
});

describe('createHandler under a greedy resource', () => {
  const registry = {
    findRegisteredPeople: async (email: string) => [{ personType: 'PARENT' as const, personId: 'p1', email, displayName: 'A' }],
    hasAdminAccess: async () => true,
  };
  const handler = createHandler({
    registry,
    routes: {
      'GET /api/admin/progression/{progressionId}/backup/{part}': async ({ pathParameters, route }) => ({
        body: { name: route.name, ...pathParameters },
      }),
      'GET /api/admin/progression/{progressionId}/backup': async ({ pathParameters }) => ({ body: pathParameters }),
    },
  });
  const claims = { sub: 's', email: 'a@example.com', email_verified: 'true' };
  const event = (httpMethod: string, path: string) =>
    ({
      resource: '/api/admin/progression/{proxy+}',
      path,
      httpMethod,
      headers: {},
      multiValueHeaders: {},
      body: null,
      isBase64Encoded: false,
      pathParameters: { proxy: path.slice('/api/admin/progression/'.length) },
      requestContext: { identity: { sourceIp: '127.0.0.1' }, authorizer: { claims } },
    }) as unknown as APIGatewayProxyEvent;

  it("finds the route from the request path and hands the route's own parameters", async () => {
    const answer = await handler(event('GET', '/api/admin/progression/01HZX/backup/3'));
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ name: 'progressionBackupPart', progressionId: '01HZX', part: '3' });
    expect(JSON.parse((await handler(event('GET', '/api/admin/progression/01HZX/backup'))).body)).toEqual({ progressionId: '01HZX' });
  });

  it('answers 405 to a known path with another method and 404 to a path it does not serve', async () => {
    const wrongMethod = await handler(event('DELETE', '/api/admin/progression/01HZX/backup'));
    expect([wrongMethod.statusCode, JSON.parse(wrongMethod.body)]).toEqual([405, { error: { code: 'METHOD_NOT_ALLOWED' } }]);
    const unknown = await handler(event('GET', '/api/admin/progression/01HZX/elsewhere'));
    expect([unknown.statusCode, JSON.parse(unknown.body)]).toEqual([404, { error: { code: 'ROUTE_NOT_FOUND' } }]);
  });
});
