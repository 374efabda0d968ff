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
export const CONTEXTS = ['system', 'auth', 'directory', 'annual-update'] as const;
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
  { method: 'GET', path: '/api/me', context: 'auth', access: 'member', name: 'me' },
  { method: 'GET', path: '/api/directory', context: 'directory', access: 'member', name: 'directory' },
  // Annual parent information update (docs/annual-update.md).
  { method: 'GET', path: '/api/admin/annual-update', context: 'annual-update', access: 'admin', name: 'campaignCurrent' },
  { method: 'POST', path: '/api/admin/annual-update/campaigns', context: 'annual-update', access: 'admin', name: 'campaignStart' },
  { method: 'GET', path: '/api/admin/annual-update/campaigns/{campaignId}/participants', context: 'annual-update', access: 'admin', name: 'campaignParticipants' },
  { method: 'POST', path: '/api/admin/annual-update/campaigns/{campaignId}/close', context: 'annual-update', access: 'admin', name: 'campaignClose' },
  { method: 'POST', path: '/api/admin/annual-update/campaigns/{campaignId}/send-jobs', context: 'annual-update', access: 'admin', name: 'sendJobCreate' },
  { method: 'GET', path: '/api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}', context: 'annual-update', access: 'admin', name: 'sendJobGet' },
  { method: 'POST', path: '/api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}/continue', context: 'annual-update', access: 'admin', name: 'sendJobContinue' },
  { method: 'POST', path: '/api/update/load', context: 'annual-update', access: 'token', name: 'updateLoad' },
  { method: 'POST', path: '/api/update/submit', context: 'annual-update', access: 'token', name: 'updateSubmit' },
  { method: 'GET', path: '/api/profile/form', context: 'annual-update', access: 'member', name: 'profileForm' },
  { method: 'PUT', path: '/api/profile', context: 'annual-update', access: 'member', name: 'profileUpdate' },
] as const satisfies readonly RouteDef[];

export type RouteKey = `${(typeof ROUTES)[number]['method']} ${(typeof ROUTES)[number]['path']}`;

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** Cognito group whose members may call admin routes. */
export const ADMIN_GROUP = 'admins';
