import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { Amplify } from 'aws-amplify';
import type { AddressInfo } from 'node:net';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { testConfig } from './render-screen';

/** A loopback API for the app: its configuration, and how to stop it. */
export interface LoopbackApi {
  config: RuntimeConfig;
  close: () => Promise<void>;
}

const STATUS = Symbol('status');

/** An answer that refuses, as the API does: the status, and the error code in the body. */
export function refusal(status: number, code: string): unknown {
  return { [STATUS]: status, error: { code } };
}

const HEADERS = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };

/** A request as a test's handler sees it: the body read as JSON. */
interface ApiRequest {
  method: string;
  url: string;
  body: unknown;
}
/** What a route answers; undefined: a 404 ROUTE_NOT_FOUND. */
type ApiHandler = (request: ApiRequest) => { status: number; body: unknown } | undefined;

/**
 * A real loopback HTTP server whose answers a test's handler decides (a route that records what was written, or
 * checks a version), with the CORS headers the app's API client needs. `config` points the app at it.
 */
export async function startHandlerApi(handle: ApiHandler): Promise<LoopbackApi> {
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, HEADERS).end();
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '', body: raw ? (JSON.parse(raw) as unknown) : undefined };
      const answer = handle(request) ?? { status: 404, body: { error: { code: 'ROUTE_NOT_FOUND' } } };
      res.writeHead(answer.status, HEADERS).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig(`${url}/api`);
  return { config, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Fixed JSON bodies by path (`/api/...`, query included); `refusal()` for a refused answer. */
export function startLoopbackApi(answers: Record<string, unknown>): Promise<LoopbackApi> {
  return startHandlerApi(({ url }) => {
    const answer = answers[url];
    return answer === undefined ? undefined : { status: (answer as { [STATUS]?: number })[STATUS] ?? 200, body: answer };
  });
}

/**
 * A loopback API for a whole test file, with nobody signed in (Amplify configured without a user pool, so requests
 * go without a token): started before the file's tests, its `answers` emptied and the screen cleaned after each
 * test, closed at the end. `config()` is the app's configuration once started.
 */
export function loopbackApiPerFile(): { answers: Record<string, unknown>; config: () => RuntimeConfig } {
  const answers: Record<string, unknown> = {};
  let api: LoopbackApi | undefined;
  beforeAll(async () => {
    Amplify.configure({ Auth: { Cognito: { userPoolId: 'ca-central-1_test', userPoolClientId: 'testclient' } } });
    api = await startLoopbackApi(answers);
  });
  afterAll(() => api?.close());
  afterEach(() => {
    cleanup();
    for (const key of Object.keys(answers)) delete answers[key];
  });
  return {
    answers,
    config: () => {
      if (!api) throw new Error('the loopback API starts in beforeAll');
      return api.config;
    },
  };
}
