/**
 * cognito-local answers CORS for every origin (`Access-Control-Allow-Origin: *`) and serves the Admin* targets to
 * anyone, without credentials: a page of another site open in the volunteer's browser could list the users and
 * reset the administrator's password. This front, like DynamoDB Local's `-cors` list (local/dynamodb.ts):
 * - answers web pages of this machine only (`http://127.0.0.1:<port>`, `http://localhost:<port>`: the app, the
 *   Vite dev server, a test's own stack whose pages share this emulator): any other origin (a web site, `null`)
 *   gets a 403 with no CORS header, preflight included, so its browser blocks the call. The CORS answer names the
 *   page's origin, never `*`;
 * - refuses Admin* and the pool-management targets to every browser (a request with an `Origin` header): only
 *   the app's server side (the API, the CLI, the seed, the tests: no `Origin`) may call them, as in AWS, where they
 *   need IAM credentials. The app's own pages use the public targets only (SignUp, InitiateAuth, ...).
 * Installed by local/cognito/launcher.ts on the HTTP server cognito-local creates.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

/** A page served by this machine over plain HTTP: the local app's stacks (each test stack has its own port). */
const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}$/;

/** Targets a browser may call: the public ones the app (Amplify) uses. Everything else needs the server side. */
const BROWSER_TARGETS = new Set([
  'SignUp',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GlobalSignOut',
  'GetUser',
  'UpdateUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'ResendConfirmationCode',
  'ConfirmSignUp',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'DeleteUser',
]);

/** The target of a Cognito call (`AWSCognitoIdentityProviderService.SignUp` → `SignUp`), whatever its case. */
export function targetOf(req: IncomingMessage): string | undefined {
  const header = req.headers['x-amz-target'];
  if (typeof header !== 'string') return undefined;
  return header.split('.')[1];
}

export function browserMayCall(target: string | undefined): boolean {
  return target !== undefined && [...BROWSER_TARGETS].some((allowed) => allowed.toLowerCase() === target.toLowerCase());
}

function refuse(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.1' });
  res.end(JSON.stringify({ __type: type, message }));
}

/** Wraps every HTTP server this process creates (cognito-local's only one) with the origin rules above. */
export function guardBrowserRequests(allowedOrigins: readonly string[]): void {
  const create = http.createServer.bind(http) as (...args: unknown[]) => http.Server;
  (http as { createServer: unknown }).createServer = (...args: unknown[]) => {
    const app = args.find((arg) => typeof arg === 'function') as ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
    if (!app) return create(...args);
    return create((req: IncomingMessage, res: ServerResponse) => {
      const origin = req.headers.origin;
      if (origin === undefined) return app(req, res);
      if (!allowedOrigins.includes(origin) && !LOOPBACK_ORIGIN.test(origin)) {
        return refuse(res, 403, 'AccessDeniedException', 'Origin not allowed');
      }
      if (req.method !== 'OPTIONS' && req.method !== 'GET' && !browserMayCall(targetOf(req))) {
        return refuse(res, 400, 'NotAuthorizedException', 'This operation needs the server side (no browser origin)');
      }
      // cognito-local's own CORS answer says `*`: name the one origin instead.
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name: string, value: number | string | readonly string[]) =>
        setHeader(name, name.toLowerCase() === 'access-control-allow-origin' ? origin : value);
      res.setHeader('Vary', 'Origin');
      return app(req, res);
    });
  };
}
