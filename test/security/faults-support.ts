import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { vi } from 'vitest';
import { documentClient, resetDocumentClient } from '../../lambdas/common/dynamo';
import { resetMailer } from '../../lambdas/common/mailer';

/**
 * Fault injection for test/security/faults.test.ts (not a test file: vitest only collects *.test.ts).
 * DynamoDB: a middleware in the document client's deserialize step, i.e. inside the SDK's retry loop, fails
 * writes with ProvisionedThroughputExceededException as DynamoDB does when throttling. SES: a proxy in front of
 * the SES emulator answers SendEmail with SES's own Throttling error while told to.
 */

const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'TransactWriteCommand',
  'BatchWriteCommand',
]);
const INJECTOR = 'test-inject-throttling';

export interface Throttle {
  /** Write calls that reached DynamoDB's wire, throttled or not (each SDK retry counts). */
  readonly attempts: number;
  /** Write attempts that were let through. */
  readonly passed: number;
  stop(): void;
}

/**
 * Throttles every write after the first `letThrough` write attempts, on every attempt the SDK makes. Starts a
 * fresh client (a fresh retry quota) whose retry strategy is the real one (which errors it retries, and how
 * many times) with its back-off shortened to a few ms: the waits between retries are not what is tested, and
 * the SDK's real ones (up to seconds) would make this file slow.
 */
export async function throttleWrites(letThrough = 0): Promise<Throttle> {
  resetDocumentClient();
  const client = documentClient();
  // The SDK's standard retry decisions and the client's own bound, with back-off waits of 1 ms.
  const config = client.config as unknown as { maxAttempts: () => Promise<number>; retryStrategy: () => Promise<unknown> };
  const fast = new ConfiguredRetryStrategy(await config.maxAttempts(), () => 1);
  config.retryStrategy = async () => fast;
  const state = { attempts: 0, passed: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (WRITES.has(String(context.commandName))) {
        state.attempts++;
        if (state.attempts > letThrough) {
          throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
            name: 'ProvisionedThroughputExceededException',
            $fault: 'client',
            $metadata: { httpStatusCode: 400 },
          });
        }
        state.passed++;
      }
      return next(args);
    },
    { step: 'deserialize', name: INJECTOR, override: true },
  );
  return {
    get attempts() {
      return state.attempts;
    },
    get passed() {
      return state.passed;
    },
    stop: () => resetDocumentClient(),
  };
}

export interface SesThrottle {
  /** SendEmail calls answered with Throttling. */
  readonly refused: number;
  /** While on, every SendEmail is refused with SES's Throttling error; off, calls go to the emulator. */
  on: boolean;
  close(): Promise<void>;
}

const SES_THROTTLING = `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/">
  <Error><Type>Sender</Type><Code>Throttling</Code><Message>Maximum sending rate exceeded.</Message></Error>
  <RequestId>00000000-0000-0000-0000-000000000000</RequestId>
</ErrorResponse>`;

/**
 * Puts a proxy in front of the SES emulator and points the functions' mailer at it (SES_ENDPOINT) until close().
 */
export async function sesThrottleProxy(): Promise<SesThrottle> {
  const emulatorUrl = process.env.SES_ENDPOINT!;
  const state = { refused: 0, on: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (state.on) {
          state.refused++;
          res.writeHead(400, { 'content-type': 'text/xml' }).end(SES_THROTTLING);
          return;
        }
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
        ) as Record<string, string>;
        const upstream = await fetch(`${emulatorUrl}${req.url ?? '/'}`, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
        });
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/xml' });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      })().catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('SES_ENDPOINT', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  resetMailer();
  return {
    get refused() {
      return state.refused;
    },
    get on() {
      return state.on;
    },
    set on(value: boolean) {
      state.on = value;
    },
    close: async () => {
      vi.stubEnv('SES_ENDPOINT', emulatorUrl);
      resetMailer();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
