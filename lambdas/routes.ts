/**
 * Every API route, in one table. The CDK stack builds API Gateway methods from it, the local gateway routes
 * requests with it, each context's handler enforces its access level, and the authorisation-matrix test checks
 * that no route is missing. Pure data: no imports of handler code, so CDK may read it at synth time.
 *
 * access:
 * - public: anyone (no token). Rate limited where it says so.
 * - token:  anyone holding an update link; the token travels in the POST body, never in the path.
 * - member: a signed-in user with a verified email whose email is still in the registry.
 * - admin:  a member in the `admins` Cognito group.
 */
export type Access = 'public' | 'token' | 'member' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Bounded contexts: one Lambda function each, entry file `lambdas/<context>/index.ts`. */
export const CONTEXTS = ['system', 'auth'] as const;
export type Context = (typeof CONTEXTS)[number];

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway resource path, with `{param}` placeholders. Always starts with /api/. */
  path: string;
  context: Context;
  access: Access;
  /** Name used in logs and as the route key `METHOD path`. */
  name: string;
}

export const ROUTES = [
  { method: 'GET', path: '/api/health', context: 'system', access: 'public', name: 'health' },
  { method: 'POST', path: '/api/validateEmailV2', context: 'auth', access: 'public', name: 'validateEmail' },
] as const satisfies readonly RouteDef[];

export type RouteKey = `${(typeof ROUTES)[number]['method']} ${(typeof ROUTES)[number]['path']}`;

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** Cognito group whose members may call admin routes. */
export const ADMIN_GROUP = 'admins';
