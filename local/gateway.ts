import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { gatewayLayout, matchRoute, PROXY_SEGMENT, type GatewayMethod } from '../lambdas/gateway-layout';
import { CONTEXTS, type Context } from '../lambdas/routes';
import { ENV } from '../lambdas/common/env';
import { contentSecurityPolicy } from '../lib/constructs/web-edge';
import { ORIGIN_VERIFY_HEADER, securityHeaderValues, VIEWER_IP_HEADER } from '@shared/contracts/http-headers';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { listen, readBody } from './http-util';

/**
 * The local API Gateway + CloudFront: one origin serving the built frontend, `/config.json` and `/api/*`.
 * API calls run the real context handlers (lambdas/<context>/index.ts) with API Gateway proxy events, after
 * checking the ID token the way the Cognito authoriser does (signature, issuer, audience, expiry, token use).
 */
type LambdaHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

export interface GatewayOptions {
  port: number;
  webDir: string;
  runtimeConfig: RuntimeConfig;
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
}

/** API Gateway's own payload limit. Handlers enforce their smaller limit with a coded 413. */
const GATEWAY_MAX_BODY = 10 * 1024 * 1024;
/** API Gateway compresses responses above this size (set the same on the RestApi in CDK). */
const MIN_COMPRESSION_BYTES = 1024;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

const handlerCache = new Map<Context, Promise<LambdaHandler>>();
function contextHandler(context: Context): Promise<LambdaHandler> {
  let loaded = handlerCache.get(context);
  if (!loaded) {
    loaded = import(`../lambdas/${context}/index.ts`).then((m: { handler: LambdaHandler }) => m.handler);
    handlerCache.set(context, loaded);
  }
  return loaded;
}

/** Every context once, those a sign-in reaches first (GET /api/me, then GET /api/directory). */
export const PRELOAD_ORDER: readonly Context[] = [...new Set<Context>(['auth', 'directory', ...CONTEXTS])];

/**
 * Loads every context's handler before its first request, the sign-in path's first (`npm start` does it once the
 * stack is ready: docs/benchmarks.md, "Admin waits"). Here a first import transpiles the context's TypeScript and
 * loads its modules (seconds on a loaded machine); a Lambda function loads its minified bundle instead, about
 * 0.1 s (bench:footprint's "Module load"). Returns each context's load time in ms; a failed load is left to the
 * first request, which reports it.
 */
export async function preloadHandlers(contexts: readonly Context[] = PRELOAD_ORDER): Promise<Partial<Record<Context, number>>> {
  const times: Partial<Record<Context, number>> = {};
  for (const context of contexts) {
    const start = performance.now();
    await contextHandler(context).then(
      () => (times[context] = performance.now() - start),
      () => undefined,
    );
  }
  return times;
}

/**
 * The API's methods as lib/constructs/api.ts gives them to API Gateway (lambdas/gateway-layout.ts): a method per
 * route, or one ANY method on a greedy resource (`<prefix>/{proxy+}`) for a part of the tree one context serves.
 */
const LAYOUT = gatewayLayout();
const OWN_METHODS = LAYOUT.filter((entry) => !entry.resource.endsWith(`/${PROXY_SEGMENT}`));
const GREEDY_METHODS = LAYOUT.filter((entry) => entry.resource.endsWith(`/${PROXY_SEGMENT}`));

interface Resolved {
  entry?: GatewayMethod;
  pathParameters: Record<string, string>;
  pathKnown: boolean;
}

/**
 * The method a request reaches, as API Gateway resolves it: a resource of its own (literal segments before
 * parameters), else the greedy resource whose prefix the path extends (`proxy` is the rest of the path).
 */
function resolveMethod(method: string, urlPath: string): Resolved {
  const own = matchRoute(OWN_METHODS.map((entry) => entry.routes[0]!), method, urlPath);
  if (own.route) {
    const { route, params } = own;
    return { entry: OWN_METHODS.find((entry) => entry.routes[0] === route), pathParameters: params, pathKnown: true };
  }
  if (own.pathKnown) return { pathParameters: {}, pathKnown: true };
  const greedy = GREEDY_METHODS.find((entry) => {
    const prefix = entry.resource.slice(0, -PROXY_SEGMENT.length);
    return urlPath.startsWith(prefix) && urlPath.length > prefix.length;
  });
  if (!greedy) return { pathParameters: {}, pathKnown: false };
  return { entry: greedy, pathParameters: { proxy: urlPath.slice(greedy.resource.length - PROXY_SEGMENT.length) }, pathKnown: true };
}

/** The name of a header in `headers`, whatever its case. */
const hasHeader = (headers: Record<string, string>, name: string) => Object.keys(headers).some((key) => key.toLowerCase() === name);

/**
 * Bodies compressed already, by the very buffer sent: a build asset (`assets`) or a decoded body kept between
 * requests (decodedBase64) is compressed once, not on every request (every fresh browser profile downloads the
 * whole build: the test journeys open hundreds). Entries go with their buffer.
 */
const gzipped = new WeakMap<Buffer, Buffer>();

/** The build's hashed assets (their name changes with their content), read once per gateway. */
const assets = new Map<string, Buffer>();

/** The value kept in `store` under `key`, made the first time it is asked for. */
function kept<K, V>(store: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = store.get(key);
  if (value === undefined) {
    value = make();
    store.set(key, value);
  }
  return value;
}

function send(res: ServerResponse, req: IncomingMessage, status: number, headers: Record<string, string>, body: Buffer | string) {
  let payload = typeof body === 'string' ? Buffer.from(body) : body;
  const out: Record<string, string> = { ...headers };
  // Like API Gateway: a response that already carries a Content-Encoding is taken as compressed and left alone.
  const encoded = hasHeader(out, 'content-encoding');
  if (!encoded && payload.length >= MIN_COMPRESSION_BYTES && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    payload = typeof body === 'string' ? gzipSync(payload) : kept(gzipped, body, () => gzipSync(body));
    out['Content-Encoding'] = 'gzip';
    out.Vary = 'Accept-Encoding';
  }
  out['Content-Length'] = String(payload.length);
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/**
 * The binary media types lib/constructs/api.ts gives the RestApi (any type): a request body with a Content-Type
 * reaches the function base64-encoded (`isBase64Encoded`), and a base64 response body is turned back into bytes
 * when the request has an Accept header (API Gateway matches the request's Accept against the binary types;
 * without one, the client would receive the base64 text).
 */
function requestBody(req: IncomingMessage, body: Buffer): { body: string | null; isBase64Encoded: boolean } {
  if (body.length === 0) return { body: null, isBase64Encoded: false };
  return req.headers['content-type'] ? { body: body.toString('base64'), isBase64Encoded: true } : { body: body.toString('utf8'), isBase64Encoded: false };
}

function responseBody(req: IncomingMessage, result: APIGatewayProxyResult): Buffer | string {
  const body = result.body ?? '';
  return result.isBase64Encoded && req.headers.accept ? decodedBase64(body) : body;
}

/**
 * Base64 response bodies already decoded, by their text: a function that keeps a body between requests
 * (GET /api/directory: one per version and viewer) hands the same string again, and its bytes are the same, so
 * they are decoded once. Bounded; the oldest decoded first out.
 */
const decoded = new Map<string, Buffer>();
const DECODED_ENTRIES = 64;

function decodedBase64(body: string): Buffer {
  const known = decoded.get(body);
  if (known) return known;
  const bytes = Buffer.from(body, 'base64');
  if (decoded.size >= DECODED_ENTRIES) decoded.delete(decoded.keys().next().value!);
  decoded.set(body, bytes);
  return bytes;
}

function apiError(res: ServerResponse, req: IncomingMessage, status: number, code: string) {
  send(res, req, status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }, JSON.stringify({ error: { code } }));
}

/** The authoriser's result cache: API Gateway's default lifetime, and a bound on the tokens remembered. */
const AUTHORIZER_CACHE_MS = 5 * 60_000;
const AUTHORIZER_CACHE_ENTRIES = 1_000;

export async function startGateway(options: GatewayOptions): Promise<Server> {
  const issuer = `${options.cognitoEndpoint}/${options.userPoolId}`;
  // CognitoJwtVerifier rejects `local_` pool ids and http: JWKS URIs, so verify as a generic RSA issuer
  // with the JWKS fetched once from cognito-local.
  const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as Jwks;
  const verifier = JwtRsaVerifier.create({ issuer, audience: options.userPoolClientId, jwksUri: `${issuer}/.well-known/jwks.json` });
  verifier.cacheJwks(jwks);

  // Like API Gateway's Cognito authoriser, whose results are cached per token (CDK's default resultsCacheTtl,
  // 5 minutes): a token seen again is not verified again, and never past its own expiry.
  const verified = new Map<string, { claims: Record<string, unknown>; until: number }>();
  async function claimsFor(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
    const header = req.headers.authorization;
    if (!header) return undefined;
    const token = header.replace(/^Bearer\s+/i, '');
    const known = verified.get(token);
    if (known && known.until > Date.now()) return known.claims;
    try {
      const payload = (await verifier.verify(token)) as Record<string, unknown>;
      if (payload.token_use !== 'id') return undefined;
      // API Gateway hands claims to the function as strings (groups flattened).
      const claims: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(payload)) claims[k] = Array.isArray(v) ? v.join(',') : String(v);
      if (verified.size >= AUTHORIZER_CACHE_ENTRIES) verified.clear();
      verified.set(token, { claims, until: Math.min(Date.now() + AUTHORIZER_CACHE_MS, Number(payload.exp) * 1000) });
      return claims;
    } catch {
      return undefined;
    }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const { entry, pathParameters, pathKnown } = resolveMethod(req.method ?? 'GET', url.pathname);
    if (!entry) return apiError(res, req, pathKnown ? 405 : 404, pathKnown ? 'METHOD_NOT_ALLOWED' : 'ROUTE_NOT_FOUND');
    const body = await readBody(req, GATEWAY_MAX_BODY);
    if (body === 'too-large') return apiError(res, req, 413, 'PAYLOAD_TOO_LARGE');
    let claims: Record<string, unknown> | undefined;
    // The authoriser sits on every method but those that serve only public and token routes.
    if (!entry.open) {
      claims = await claimsFor(req);
      if (!claims) return apiError(res, req, 401, 'UNAUTHENTICATED');
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    // Like the CloudFront Function in AWS: the viewer IP header is always ours, never the client's.
    headers[VIEWER_IP_HEADER] = req.socket.remoteAddress ?? '127.0.0.1';
    // Like CloudFront's origin header: the handlers trust the viewer IP only with it (lambdas/common/http.ts).
    delete headers[ORIGIN_VERIFY_HEADER];
    const originSecret = process.env[ENV.originVerifySecret];
    if (originSecret) headers[ORIGIN_VERIFY_HEADER] = originSecret;
    const query: Record<string, string> = {};
    url.searchParams.forEach((v, k) => (query[k] = v));
    const event = {
      resource: entry.resource,
      path: url.pathname,
      httpMethod: req.method,
      headers,
      multiValueHeaders: {},
      queryStringParameters: Object.keys(query).length ? query : null,
      multiValueQueryStringParameters: null,
      pathParameters: Object.keys(pathParameters).length ? pathParameters : null,
      stageVariables: null,
      ...requestBody(req, body),
      requestContext: {
        requestId: randomUUID(),
        stage: 'local',
        resourcePath: entry.resource,
        httpMethod: req.method,
        identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1' },
        authorizer: claims ? { claims } : null,
      },
    } as unknown as APIGatewayProxyEvent;
    if (!(CONTEXTS as readonly string[]).includes(entry.context)) return apiError(res, req, 500, 'INTERNAL');
    const result = await (await contextHandler(entry.context)).call(undefined, event);
    const outHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(result.headers ?? {})) outHeaders[k] = String(v);
    send(res, req, result.statusCode, outHeaders, responseBody(req, result));
  }

  function handleStatic(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (url.pathname === '/config.json') {
      return send(res, req, 200, { 'Content-Type': MIME['.json']!, 'Cache-Control': 'no-cache' }, JSON.stringify(options.runtimeConfig));
    }
    const root = path.resolve(options.webDir);
    const requested = path.resolve(root, '.' + decodeURIComponent(url.pathname));
    const isFile = requested.startsWith(root + path.sep) && existsSync(requested) && statSync(requested).isFile();
    // SPA routing: any path that is not a file gets index.html (like the CloudFront Function in AWS).
    const file = isFile ? requested : path.join(root, 'index.html');
    if (!existsSync(file)) {
      return send(res, req, 503, { 'Content-Type': MIME['.txt']! }, 'Frontend not built: run `npm run build:web`.');
    }
    const ext = path.extname(file);
    const immutable = isFile && url.pathname.startsWith('/assets/');
    send(res, req, 200, {
      'Content-Type': MIME[ext] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    }, immutable ? kept(assets, file, () => readFileSync(file)) : readFileSync(file));
  }

  // What CloudFront's response headers policy adds in AWS, on every response; Amplify calls cognito-local here.
  const securityHeaders = securityHeaderValues(
    contentSecurityPolicy(options.runtimeConfig.region, {
      cognitoOrigin: new URL(options.runtimeConfig.cognitoEndpoint ?? options.cognitoEndpoint).origin,
      upgradeInsecureRequests: false,
    }),
  );
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const work = url.pathname.startsWith('/api/') ? handleApi(req, res, url) : Promise.resolve(handleStatic(req, res, url));
    work.catch((error: unknown) => {
      console.error('[gateway] request failed:', (error as Error).message);
      if (!res.headersSent) apiError(res, req, 502, 'INTERNAL');
      else res.end();
    });
  });
  await listen(server, options.port);
  return server;
}
