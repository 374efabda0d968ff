import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real loopback HTTP server standing in for the API's public `POST /api/validateEmailV2` (and `/config.json`),
 * so the validation client and the register form are tested over the network exactly as in a browser.
 * Each test queues the answers it wants; with nothing queued the server answers "authorized".
 * It also stands in for the user pool (`/cognito`, the configuration's `cognitoEndpoint`): every call is refused
 * with the error a test sets, as Cognito words it (default: AWS's refusal of a sign-in, which says the same for an
 * unknown address and a wrong password).
 */
export interface ScriptedAnswer {
  status: number;
  body?: unknown;
}

export interface ValidationServer {
  url: string;
  /** Bodies received by validateEmailV2, in order. */
  requests: { email?: string }[];
  queue: (...answers: ScriptedAnswer[]) => void;
  /** Answers given when the queue is empty (default: authorized). */
  setDefault: (answer: ScriptedAnswer | ((email: string) => ScriptedAnswer)) => void;
  /** The user pool's targets called (`InitiateAuth`, ...), in order. */
  cognitoCalls: string[];
  /** The error every user-pool call answers with (a Cognito exception name and its message). */
  refuseCognito: (name: string, message: string) => void;
  reset: () => void;
  close: () => Promise<void>;
}

const SIGN_IN_REFUSED = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };

export const authorizedAnswer: ScriptedAnswer = {
  status: 200,
  body: { authorized: true, displayName: null, userType: null, message: 'EMAIL_AUTHORIZED' },
};
export const refusedAnswer: ScriptedAnswer = {
  status: 200,
  body: { authorized: false, displayName: null, userType: null, message: 'EMAIL_NOT_AUTHORIZED' },
};

async function readJson(req: IncomingMessage): Promise<{ email?: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { email?: string };
  } catch {
    return {};
  }
}

export async function startValidationServer(): Promise<ValidationServer> {
  let queued: ScriptedAnswer[] = [];
  let fallback: ScriptedAnswer | ((email: string) => ScriptedAnswer) = authorizedAnswer;
  const requests: { email?: string }[] = [];
  const cognitoCalls: string[] = [];
  let cognitoError = SIGN_IN_REFUSED;
  let config = '';
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };

  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (req.url === '/config.json') {
      return void res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(config);
    }
    if (req.url?.startsWith('/cognito') && req.method === 'POST') {
      const target = String(req.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
      cognitoCalls.push(target);
      req.resume();
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': cognitoError.name, ...cors });
      return void res.end(JSON.stringify({ __type: cognitoError.name, message: cognitoError.message }));
    }
    if (req.url === '/api/health') return void res.writeHead(200, { 'content-type': 'application/json', ...cors }).end('{}');
    if (req.url === '/api/validateEmailV2' && req.method === 'POST') {
      void readJson(req).then((body) => {
        requests.push(body);
        const next = queued.shift() ?? (typeof fallback === 'function' ? fallback(body.email ?? '') : fallback);
        res.writeHead(next.status, { 'content-type': 'application/json', ...cors });
        res.end(next.body === undefined ? '' : JSON.stringify(next.body));
      });
      return;
    }
    res.writeHead(404, cors).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  config = JSON.stringify({
    mode: 'local',
    region: 'ca-central-1',
    userPoolId: 'local_authtests',
    userPoolClientId: 'authtestsclient',
    apiBaseUrl: `${url}/api`,
    cognitoEndpoint: `${url}/cognito`,
    build: 'auth-tests',
  });
  return {
    url,
    requests,
    cognitoCalls,
    refuseCognito: (name, message) => {
      cognitoError = { name, message };
    },
    queue: (...answers) => queued.push(...answers),
    setDefault: (answer) => {
      fallback = answer;
    },
    reset: () => {
      queued = [];
      fallback = authorizedAnswer;
      requests.length = 0;
      cognitoCalls.length = 0;
      cognitoError = SIGN_IN_REFUSED;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
