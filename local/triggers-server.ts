import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listen, readBody } from './http-util';

/**
 * Plays the Lambda service for cognito-local: it invokes `POST /2015-03-31/functions/{name}/invocations`, and we
 * run the real trigger handlers in this process. A handler that throws is reported the way Lambda does
 * (200 + `x-amz-function-error`), which cognito-local turns into the sign-up error the client sees.
 *
 * One cognito-local calls one trigger server for all its pools. A pool whose school lives in another process (a
 * test's table stack, test/setup/table-stack-runner.ts: its own table and pool on the shared emulators) registers
 * that process's trigger server with `PUT /local/pools/{poolId}/triggers` (body `{"url": ...}`; DELETE removes it):
 * its invocations are then passed on there, so its triggers read its own table. Loopback only, like the server.
 */
type TriggerHandler = (event: unknown) => Promise<unknown>;

const TRIGGERS: Record<string, () => Promise<TriggerHandler>> = {
  PreSignUp: async () => (await import('../lambdas/triggers/pre-sign-up')).handler as TriggerHandler,
  CustomMessage: async () => (await import('../lambdas/triggers/custom-message')).handler as TriggerHandler,
};

const INVOCATION = /^\/2015-03-31\/functions\/([^/]+)\/invocations/;
const POOL_TRIGGERS = /^\/local\/pools\/([^/]+)\/triggers$/;

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const body = await readBody(req, 6 * 1024 * 1024);
  if (body === 'too-large') throw new Error('Request too large');
  return body.toString();
}

/** Registers (PUT) or removes (DELETE) the trigger server of another process for one pool. */
async function registerPool(req: IncomingMessage, res: ServerResponse, poolId: string, forwards: Map<string, string>) {
  if (req.method === 'DELETE') forwards.delete(poolId);
  else if (req.method === 'PUT') forwards.set(poolId, (JSON.parse(await bodyOf(req)) as { url: string }).url);
  else return reply(res, 405, { Message: 'Method not allowed' });
  reply(res, 200, { poolId, url: forwards.get(poolId) ?? null });
}

/** Passes an invocation on to the trigger server registered for its pool, answering what that one answers. */
async function forward(res: ServerResponse, url: string, path: string, body: string) {
  const answer = await fetch(new URL(path, url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  const error = answer.headers.get('x-amz-function-error');
  res.writeHead(answer.status, { 'Content-Type': 'application/json', ...(error ? { 'X-Amz-Function-Error': error } : {}) });
  res.end(await answer.text());
}

async function invoke(req: IncomingMessage, res: ServerResponse, name: string, forwards: Map<string, string>) {
  const load = TRIGGERS[name];
  if (req.method !== 'POST' || !load) return reply(res, 404, { Message: 'Function not found' });
  try {
    const body = await bodyOf(req);
    const event = JSON.parse(body) as { userPoolId?: string };
    const elsewhere = event.userPoolId ? forwards.get(event.userPoolId) : undefined;
    if (elsewhere) return await forward(res, elsewhere, req.url!, body);
    reply(res, 200, (await (await load())(event)) ?? null);
  } catch (error) {
    reply(res, 200, { errorType: (error as Error).name, errorMessage: (error as Error).message }, { 'X-Amz-Function-Error': 'Unhandled' });
  }
}

export async function startTriggerServer(port: number): Promise<Server> {
  const forwards = new Map<string, string>();
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    const pool = POOL_TRIGGERS.exec(url);
    if (pool) return void registerPool(req, res, decodeURIComponent(pool[1]!), forwards).catch(() => reply(res, 400, { Message: 'Bad request' }));
    const match = INVOCATION.exec(url);
    void invoke(req, res, match ? decodeURIComponent(match[1]!) : '', forwards);
  });
  await listen(server, port);
  return server;
}

