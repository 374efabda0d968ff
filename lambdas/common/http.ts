import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as z from 'zod';
import type { ApiErrorBody } from '@shared/contracts/error-codes';
import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '@shared/contracts/http-headers';
import { matchRoute, PROXY_SEGMENT, type RouteMatch } from '../gateway-layout';
import { ROUTES, routeKey, type Access, type AccessOf, type RouteDef, type RouteKey, type SignedInRouteKey } from '../routes';
import { callerFromEvent, type Caller, type RegisteredPerson } from './claims';
import { AppError } from './errors';
import { bodyToken, limitCodeAttempts } from './code-attempts';
import { ENV, optionalEnv } from './env';
import { entityTag, ifNoneMatchHits } from './etag';
import { logger } from './logger';
import { preparedJson, takesGzip, type PreparedBody } from './prepared-body';

/** AWS errors that mean "busy, try again" (DynamoDB, SES, Cognito), after the SDK's own retries. */
const THROTTLING_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'Throttling',
  'TooManyRequestsException',
  'LimitExceededException',
  // lambdas/common/batch.ts: items DynamoDB kept leaving unprocessed (capacity), after its own bounded retries.
  'BatchWriteError',
]);

/**
 * Largest JSON body a route accepts unless its RouteDef sets `maxBodyBytes` (the import routes carry CSV files).
 * API Gateway allows 10 MB and Lambda 6 MB.
 */
export const MAX_BODY_BYTES = 256 * 1024;

/** Access levels whose requests always carry a caller: createHandler refuses the request otherwise. */
export type SignedInAccess = 'member' | 'admin';

/**
 * What a route's handler receives. `A` is the route's access level (lambdas/routes.ts): on a member or admin route
 * the caller is always there (createHandler has refused the request otherwise), so the type says so.
 */
export interface ApiRequest<A extends Access = Access> {
  event: APIGatewayProxyEvent;
  route: RouteDef;
  /** Parsed JSON body (undefined when there is none). Validate it with `parseWith`. */
  body: unknown;
  pathParameters: Record<string, string>;
  query: Record<string, string>;
  /** Always present on member and admin routes; on public and token routes only when a token was sent. */
  caller: A extends SignedInAccess ? Caller : Caller | undefined;
  /** The registry entries of a member or admin caller (none on public and token routes). */
  people: RegisteredPerson[];
}

/** A request of a route that may only be called signed in (helpers shared by member and admin routes take it). */
export type SignedInRequest = ApiRequest<SignedInAccess>;

export interface ApiResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Conditional GET: a 200 carries a strong `ETag` of its JSON body, and a request whose `If-None-Match`
   * matches gets a 304 with an empty body instead (lambdas/common/etag.ts). A string is the tag itself, when
   * the route knows it without hashing the body (GET /api/directory: its version and the caller's view).
   */
  etag?: boolean | string;
  /** The body already serialised (a route that keeps its JSON between requests); wins over `body`. */
  bodyText?: string;
  /**
   * The body already serialised and gzip-compressed (lambdas/common/prepared-body.ts): sent as is to a client that
   * takes gzip, inflated for one that does not. Wins over `bodyText` and `body`; needs a string `etag`.
   */
  prepared?: PreparedBody;
}

/** A route's handler, its request typed by the route's access level (and its early read, when it has one). */
export type RouteHandler<A extends Access = Access, E = never> = (
  request: ApiRequest<A> & ([E] extends [never] ? unknown : { early: Promise<E> }),
) => Promise<ApiResult>;

/**
 * Reads a route needs whoever calls it (nothing about the caller goes in, nothing comes out before the checks
 * pass), started at the same time as the authorisation checks instead of after them: the two round trips overlap.
 * The route awaits `early` only once createHandler has let the caller through; for a refused caller the result is
 * dropped. Authorisation itself is never read early nor kept (GET /api/directory reads its version this way).
 * Only signed-in routes have one: it starts only for a caller the checks may let through.
 */
export interface EarlyRead<T> {
  read: () => Promise<T>;
  /**
   * Optional: who an email belongs to, answered from the early read instead of a second round trip to the
   * registry (GET /api/directory: the people of the directory snapshot at the version just read). It must give
   * the registry's answer for that version: a refusal stays a refusal.
   */
  registered?(email: string, early: Promise<T>): Promise<RegisteredPerson[]>;
}

/** A context's early reads, keyed like its routes; only signed-in routes can have one. */
export type EarlyReads = { [K in SignedInRouteKey]?: EarlyRead<unknown> };

type EarlyValue<R> = R extends EarlyRead<infer T> ? T : never;

/**
 * A context's routes, keyed `METHOD /path` as in lambdas/routes.ts: a mistyped route does not compile, and each
 * handler's request is typed by its route's access level (and by its early read in `E`).
 */
export type RouteHandlers<E extends EarlyReads = Record<never, never>> = {
  [K in RouteKey]?: RouteHandler<AccessOf<K>, K extends keyof E ? EarlyValue<E[K]> : never>;
};

export interface HandlerOptions {
  /**
   * The caller's entries in the authorised-email index: each context's index.ts passes the registry's lookup
   * in, so this module depends on no context.
   */
  findRegisteredPeople: (email: string) => Promise<RegisteredPerson[]>;
  /** Whether an administrator role is active today for this email (lambdas/registry/admin-roles.ts). */
  hasAdminAccess: (email: string) => Promise<boolean>;
  /** Whether an administrator still lacks the required second factor (lambdas/registry/admin-mfa.ts). */
  lacksAdminMfa?: (caller: Caller) => Promise<boolean>;
}

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  // Personal data: never stored by a browser's shared cache or a CDN edge.
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { ...BASE_HEADERS, ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/**
 * A prepared body with its tag: gzip bytes (base64, `isBase64Encoded`) with `Content-Encoding: gzip`, which API
 * Gateway passes on without compressing again, or the JSON for a client that does not take gzip.
 */
function preparedResponse(event: APIGatewayProxyEvent, prepared: PreparedBody, headers: Record<string, string>): APIGatewayProxyResult {
  const vary = { ...headers, Vary: 'Accept-Encoding' };
  if (!takesGzip(event)) return { statusCode: 200, headers: vary, body: preparedJson(prepared) };
  return { statusCode: 200, headers: { ...vary, 'Content-Encoding': 'gzip' }, body: prepared.gzipBase64, isBase64Encoded: true };
}

/** A 200 with an ETag, or the 304 that replaces it when the client already holds this exact body. */
function conditionalJson(event: APIGatewayProxyEvent, result: ApiResult): APIGatewayProxyResult {
  if (result.prepared && typeof result.etag === 'string') {
    const headers = { ...BASE_HEADERS, ...result.headers, ETag: result.etag };
    if (ifNoneMatchHits(event, result.etag)) return { statusCode: 304, headers, body: '' };
    return preparedResponse(event, result.prepared, headers);
  }
  const body = result.bodyText ?? JSON.stringify(result.body);
  const tag = typeof result.etag === 'string' ? result.etag : entityTag(body);
  const headers = { ...BASE_HEADERS, ...result.headers, ETag: tag };
  if (ifNoneMatchHits(event, tag)) return { statusCode: 304, headers, body: '' };
  return { statusCode: 200, headers, body };
}

/**
 * A 304 for a route that knows its tag before building its body: `undefined` when If-None-Match does not list
 * it (build the 200 then, with `etag: tag`).
 */
export function notModified(event: APIGatewayProxyEvent, tag: string): ApiResult | undefined {
  return ifNoneMatchHits(event, tag) ? { status: 304, headers: { ETag: tag } } : undefined;
}

export function errorResponse(error: AppError): APIGatewayProxyResult {
  const body: ApiErrorBody = {
    error: { code: error.code, ...(error.fields ? { fields: error.fields } : {}), ...(error.details ? { details: error.details } : {}) },
  };
  const headers: Record<string, string> = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {};
  return json(error.status, body, headers);
}

/**
 * Whether the request came through CloudFront (or the local gateway): it carries the origin secret. Without a
 * configured secret nothing is trusted to have come that way.
 */
export function fromTrustedEdge(event: APIGatewayProxyEvent): boolean {
  const secret = optionalEnv(ENV.originVerifySecret);
  const sent = headerValue(event, ORIGIN_VERIFY_HEADER);
  if (!secret || !sent) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The caller's IP: the viewer IP CloudFront (or the local gateway) wrote, trusted only when the request carries
 * the origin secret (anyone can send the header straight to the endpoint), else the connection's source.
 */
export function clientIp(event: APIGatewayProxyEvent): string {
  const viewer = fromTrustedEdge(event) ? headerValue(event, VIEWER_IP_HEADER) : undefined;
  return viewer || event.requestContext?.identity?.sourceIp || 'unknown';
}

/** The only bodies a route without input accepts. */
const EMPTY_BODY = z.union([z.undefined(), z.strictObject({})]);

/** Validates input with a zod schema, turning failures into a 400 with the offending paths. */
export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      result.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), issue: issue.code })),
    );
  }
  return result.data;
}

/** `application/json`, with parameters (charset) allowed: docs/decisions/api-edges-json-bodies-only-strict-objects-cloudfront.md, "JSON bodies only, strict objects". */
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** A header's value, whatever case the client (or API Gateway) gave its name. */
export function headerValue(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === wanted)?.[1] ?? undefined;
}

/** A form body, on the routes that take one (RouteDef.acceptsForm: the one-click unsubscribe). */
const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

function parseBody(event: APIGatewayProxyEvent, maxBytes = MAX_BODY_BYTES, acceptsForm = false): unknown {
  if (event.body === null || event.body === undefined || event.body === '') return undefined;
  const mediaType = (headerValue(event, 'content-type') ?? '').trim();
  const form = acceptsForm && FORM_MEDIA_TYPE.test(mediaType);
  // Only JSON is read: a form or text/plain body is what a cross-site form post sends without a preflight.
  if (!form && !JSON_MEDIA_TYPE.test(mediaType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  if (form) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('INVALID_JSON');
  }
}

/**
 * Enforces a route's access level. API Gateway's Cognito authoriser (or the local gateway) has already
 * checked the token's signature; here we check what it cannot: verified email, current registration, and for
 * admin routes an administrator role active today, read from the table on this very request (the token's
 * `cognito:groups` claim is only a mirror for the frontend's menu, up to an hour old: never trusted).
 */
async function authorize(
  access: Access,
  caller: Caller | undefined,
  { findRegisteredPeople, hasAdminAccess, lacksAdminMfa }: HandlerOptions,
): Promise<RegisteredPerson[]> {
  if (access === 'public' || access === 'token') return [];
  if (!caller) throw new AppError('UNAUTHENTICATED');
  if (!caller.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  const [people, admin] = await Promise.all([
    findRegisteredPeople(caller.email),
    access === 'admin' ? hasAdminAccess(caller.email) : Promise.resolve(false),
  ]);
  if (people.length === 0) throw new AppError('NOT_REGISTERED');
  if (access === 'admin' && !admin) throw new AppError('FORBIDDEN');
  if (access === 'admin' && (await lacksAdminMfa?.(caller))) throw new AppError('MFA_REQUIRED');
  return people;
}

/**
 * The route an event names: its own resource (a method per route, as in the tests' events), or, under a greedy
 * resource (`.../{proxy+}`, lambdas/gateway-layout.ts), the route whose path template matches the request path
 * among this context's routes. A known path asked with another method is told so (405), like the local gateway.
 */
function findRoute(routes: readonly RouteDef[], event: APIGatewayProxyEvent): RouteMatch {
  const own = routes.find((r) => r.method === event.httpMethod && r.path === event.resource);
  if (own) return { route: own, params: (event.pathParameters ?? {}) as Record<string, string> };
  if (!event.resource?.endsWith(`/${PROXY_SEGMENT}`)) return { pathKnown: false };
  const prefix = event.resource.slice(0, -PROXY_SEGMENT.length);
  const under = routes.filter((r) => r.path.startsWith(prefix));
  return matchRoute(under, event.httpMethod, event.path ?? '');
}

/** What a context's index.ts gives createHandler: everything about its API in one object. */
export interface HandlerDefinition<E extends EarlyReads> {
  /** The registry's checks (lambdas/registry/access.ts `registryAccess`). */
  registry: HandlerOptions;
  /** Reads started next to the authorisation checks, keyed like the routes (`EarlyRead`); declared before `routes`. */
  early?: E;
  /** The context's routes, each keyed `METHOD /path` as in lambdas/routes.ts. */
  routes: RouteHandlers<E>;
}

/** The same handler with its types erased, as createHandler calls it (the definition's types checked the rest). */
type AnyRouteHandler = (request: ApiRequest & { early?: Promise<unknown> }) => Promise<ApiResult>;

/** The one Lambda handler of a context, as API Gateway (or the local gateway) invokes it. */
export type ApiHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

/** Starts the route's early read for a caller the checks may let through, and the registry lookup that goes with it. */
function startEarly(read: EarlyRead<unknown> | undefined, caller: Caller | undefined, registry: HandlerOptions) {
  const early = caller?.emailVerified ? read?.read() : undefined;
  early?.catch(() => undefined);
  const registered = read?.registered?.bind(read);
  const checks: HandlerOptions =
    early && registered ? { ...registry, findRegisteredPeople: (email) => registered(email, early) } : registry;
  return { early, checks };
}

/** Every failure as a coded JSON answer; unexpected ones are logged without personal data. */
function failureResponse(error: unknown, route: RouteDef): APIGatewayProxyResult {
  if (error instanceof AppError) return errorResponse(error);
  if (THROTTLING_ERRORS.has((error as Error)?.name)) {
    // The SDK (or batchWriteAll) already retried with backoff: tell the client to try again in a moment (503,
    // not 500).
    logger.warn('throttled', { route: route.name, errorName: (error as Error).name });
    return errorResponse(new AppError('SERVICE_UNAVAILABLE'));
  }
  // Log the error class and message only: messages from our code and the SDK carry no personal data.
  logger.error('unhandled error', {
    route: route.name,
    errorName: (error as Error)?.name,
    errorMessage: (error as Error)?.message,
  });
  return errorResponse(new AppError('INTERNAL'));
}

/**
 * Builds one Lambda handler for a bounded context: finds the route, enforces its access level, parses the
 * body, runs the route's handler and maps every error to a coded JSON response. Handlers stay thin.
 */
export function createHandler<E extends EarlyReads = Record<never, never>>(definition: HandlerDefinition<E>): ApiHandler {
  const handlers = definition.routes as Partial<Record<string, AnyRouteHandler>>;
  const earlyReads = (definition.early ?? {}) as Partial<Record<string, EarlyRead<unknown>>>;
  const routes = ROUTES.filter((r) => routeKey(r) in handlers) as readonly RouteDef[];
  const run = async (event: APIGatewayProxyEvent, route: RouteDef, params: Record<string, string>): Promise<APIGatewayProxyResult> => {
    // A deployment with an origin secret takes requests from its CloudFront distribution only.
    if (optionalEnv(ENV.originVerifySecret) && !fromTrustedEdge(event)) throw new AppError('FORBIDDEN');
    const caller = callerFromEvent(event);
    // Only for a caller the checks may let through: a refused request costs no extra read.
    const { early, checks } = startEarly(earlyReads[routeKey(route)], caller, definition.registry);
    const people = await authorize(route.access, caller, checks);
    const body = parseBody(event, route.maxBodyBytes, route.acceptsForm === true);
    if (route.noBody) parseWith(EMPTY_BODY, body);
    // Every token route counts a code-shaped token here, whichever it is (lambdas/common/code-attempts.ts).
    const token = route.access === 'token' ? bodyToken(body) : undefined;
    if (token !== undefined) await limitCodeAttempts(token, clientIp(event));
    const handler = handlers[routeKey(route)]!;
    const result = await handler({
      event,
      route,
      body,
      pathParameters: params,
      query: (event.queryStringParameters ?? {}) as Record<string, string>,
      caller,
      people,
      ...(early ? { early } : {}),
    });
    const status = result.status ?? 200;
    return result.etag && status === 200 ? conditionalJson(event, result) : json(status, result.body, result.headers);
  };
  return async (event) => {
    const started = Date.now();
    const found = findRoute(routes, event);
    if (!found.route) return errorResponse(new AppError(found.pathKnown ? 'METHOD_NOT_ALLOWED' : 'ROUTE_NOT_FOUND'));
    const { route, params } = found;
    const response = await run(event, route, params).catch((error: unknown) => failureResponse(error, route));
    logger.info('request', { route: route.name, status: response.statusCode, ms: Date.now() - started });
    return response;
  };
}
