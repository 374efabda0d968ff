import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as z from 'zod';
import type { ApiErrorBody } from '../../shared/error-codes';
import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../shared/http-headers';
import { ROUTES, routeKey, type Access, type RouteDef, type RouteKey } from '../routes';
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

export interface ApiRequest {
  event: APIGatewayProxyEvent;
  route: RouteDef;
  /** Parsed JSON body (undefined when there is none). Validate it with `parseWith`. */
  body: unknown;
  pathParameters: Record<string, string>;
  query: Record<string, string>;
  /** Present on member and admin routes (and on public routes when a token was sent). */
  caller?: Caller;
  /** The registry entries of a member or admin caller. */
  people: RegisteredPerson[];
  /** The route's early read (createHandler's `early`), started next to the authorisation checks. */
  early?: Promise<unknown>;
}

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

export type RouteHandler = (request: ApiRequest) => Promise<ApiResult>;

/** A context's routes, keyed `METHOD /path` as in lambdas/routes.ts: a mistyped route does not compile. */
export type RouteHandlers = Partial<Record<RouteKey, RouteHandler>>;

/**
 * Reads a route needs whoever calls it (nothing about the caller goes in, nothing comes out before the checks
 * pass), started at the same time as the authorisation checks instead of after them: the two round trips overlap.
 * The route awaits `early` only once createHandler has let the caller through; for a refused caller the result is
 * dropped. Authorisation itself is never read early nor kept (GET /api/directory reads its version this way).
 */
export type EarlyReads = Partial<Record<RouteKey, () => Promise<unknown>>>;

/**
 * A route whose early read can also say who an email belongs to answers the registration check from it, instead
 * of a second round trip to the registry (GET /api/directory: the people of the directory snapshot at the version
 * just read, lambdas/directory/index.ts). It must give the registry's answer for that version: a refusal stays a
 * refusal.
 */
export type RegisteredFromEarly = Partial<Record<RouteKey, (email: string, early: Promise<unknown>) => Promise<RegisteredPerson[]>>>;

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

/** `application/json`, with parameters (charset) allowed: docs/decisions.md, "JSON bodies only, strict objects". */
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** A header's value, whatever case the client (or API Gateway) gave its name. */
export function headerValue(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === wanted)?.[1] ?? undefined;
}

function parseBody(event: APIGatewayProxyEvent, maxBytes = MAX_BODY_BYTES): unknown {
  if (event.body === null || event.body === undefined || event.body === '') return undefined;
  // Only JSON is read: a form or text/plain body is what a cross-site form post sends without a preflight.
  if (!JSON_MEDIA_TYPE.test((headerValue(event, 'content-type') ?? '').trim())) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
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
 * Builds one Lambda handler for a bounded context: finds the route, enforces its access level, parses the
 * body, runs the route's handler and maps every error to a coded JSON response. Handlers stay thin.
 */
export function createHandler(
  handlers: RouteHandlers,
  options: HandlerOptions,
  earlyReads: EarlyReads = {},
  registeredFromEarly: RegisteredFromEarly = {},
) {
  const routes = ROUTES.filter((r) => routeKey(r) in handlers) as readonly RouteDef[];
  return async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const started = Date.now();
    const route = routes.find((r) => r.method === event.httpMethod && r.path === event.resource);
    if (!route) return errorResponse(new AppError('ROUTE_NOT_FOUND'));
    let response: APIGatewayProxyResult;
    try {
      // A deployment with an origin secret takes requests from its CloudFront distribution only.
      if (optionalEnv(ENV.originVerifySecret) && !fromTrustedEdge(event)) throw new AppError('FORBIDDEN');
      const caller = callerFromEvent(event);
      // Only for a caller the checks may let through: a refused request costs no extra read.
      const early = caller?.emailVerified ? earlyReads[routeKey(route) as RouteKey]?.() : undefined;
      early?.catch(() => undefined);
      const fromEarly = early && registeredFromEarly[routeKey(route) as RouteKey];
      const people = await authorize(
        route.access,
        caller,
        fromEarly ? { ...options, findRegisteredPeople: (email) => fromEarly(email, early) } : options,
      );
      const body = parseBody(event, route.maxBodyBytes);
      if (route.noBody) parseWith(EMPTY_BODY, body);
      // Every token route counts a code-shaped token here, whichever it is (lambdas/common/code-attempts.ts).
      const token = route.access === 'token' ? bodyToken(body) : undefined;
      if (token !== undefined) await limitCodeAttempts(token, clientIp(event));
      const handler = handlers[routeKey(route) as RouteKey]!;
      const result = await handler({
        event,
        route,
        body,
        pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
        query: (event.queryStringParameters ?? {}) as Record<string, string>,
        caller,
        people,
        ...(early ? { early } : {}),
      });
      const status = result.status ?? 200;
      response =
        result.etag && status === 200 ? conditionalJson(event, result) : json(status, result.body, result.headers);
    } catch (error) {
      if (error instanceof AppError) {
        response = errorResponse(error);
      } else if (THROTTLING_ERRORS.has((error as Error)?.name)) {
        // The SDK (or batchWriteAll) already retried with backoff: tell the client to try again in a moment (503,
        // not 500).
        logger.warn('throttled', { route: route.name, errorName: (error as Error).name });
        response = errorResponse(new AppError('SERVICE_UNAVAILABLE'));
      } else {
        // Log the error class and message only: messages from our code and the SDK carry no personal data.
        logger.error('unhandled error', {
          route: route.name,
          errorName: (error as Error)?.name,
          errorMessage: (error as Error)?.message,
        });
        response = errorResponse(new AppError('INTERNAL'));
      }
    }
    logger.info('request', { route: route.name, status: response.statusCode, ms: Date.now() - started });
    return response;
  };
}
