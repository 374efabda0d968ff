import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VALIDATION_CACHE_MS,
  createEmailValidator,
  type EmailValidator,
} from '../../frontend/src/features/auth/api/email-validation';
import { sleepFor } from '../../frontend/src/features/auth/api/retry';
import { authorizedAnswer, refusedAnswer, startValidationServer, type ValidationServer } from './auth-test-server';

/**
 * The client side of the email validation call (docs/product-rules.md, Calls and retries), against a real loopback server: retries and backoff
 * (driven with fake timers), the 5-minute cache, and the failure flags and messages.
 */
let server: ValidationServer;
let online = true;
/** Backoff waits the client started, in order (the waits themselves run on the faked setTimeout). */
let waits: number[] = [];

beforeAll(async () => {
  server = await startValidationServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  online = true;
  waits = [];
  // Only timers and the clock are faked: the HTTP traffic is real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const validator = (apiBaseUrl = `${server.url}/api`): EmailValidator =>
  createEmailValidator({
    apiBaseUrl,
    isOnline: () => online,
    sleep: (ms) => {
      waits.push(ms);
      return sleepFor(ms);
    },
  });

/**
 * Lets real I/O run (setImmediate is not faked) until `condition` holds. vi.waitFor would not do: under fake
 * timers it advances the clock on every poll, which would blur the backoff delays under test.
 */
async function until(condition: () => boolean, what: string): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > 5_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Lets the client go through its three backoff waits, each as soon as it starts. */
async function runBackoffs(): Promise<void> {
  for (const [index, delay] of [2_000, 4_000, 8_000].entries()) {
    await until(() => waits.length === index + 1, `backoff ${index + 1}`);
    await vi.advanceTimersByTimeAsync(delay);
  }
}

/** Lets real I/O run for a moment, to show that nothing else happens. */
async function quietFor(ms: number): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < ms) await new Promise((resolve) => setImmediate(resolve));
}

/** A local port with nothing listening on it: connections are refused, like a server that is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('email validation client', () => {
  it('sends the email lowercased and trimmed, and returns the verdict with both flags down', async () => {
    server.queue(authorizedAnswer);
    const result = await validator().check('  Marie.Cote@Ecole.Example ');
    expect(server.requests).toEqual([{ email: 'marie.cote@ecole.example' }]);
    expect(result).toMatchObject({
      email: 'marie.cote@ecole.example',
      authorized: true,
      message: 'EMAIL_AUTHORIZED',
      networkIssue: false,
      serviceIssue: false,
    });
    expect(result.error).toBeUndefined();
  });

  it('returns the negative verdict as is: not authorised, no error, no flags', async () => {
    server.queue(refusedAnswer);
    const result = await validator().check('stranger@example.com');
    expect(result).toMatchObject({ authorized: false, message: 'EMAIL_NOT_AUTHORIZED', networkIssue: false, serviceIssue: false });
    expect(result.error).toBeUndefined();
  });

  it('retries a 503 three times, 2 s, 4 s then 8 s apart, then fails with the service flag and the 503 message', async () => {
    server.setDefault({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE' } } });
    const pending = validator().check('parent@ecole.example');
    for (const [delay, attempt] of [[2_000, 2], [4_000, 3], [8_000, 4]] as const) {
      await until(() => waits.length === attempt - 1, `backoff before attempt ${attempt}`);
      expect(waits.at(-1)).toBe(delay);
      await vi.advanceTimersByTimeAsync(delay - 1);
      await quietFor(30);
      expect(server.requests).toHaveLength(attempt - 1);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => server.requests.length === attempt, `attempt ${attempt}`);
    }
    const result = await pending;
    expect(server.requests).toHaveLength(4);
    expect(waits).toEqual([2_000, 4_000, 8_000]);
    expect(result).toMatchObject({ authorized: false, networkIssue: false, serviceIssue: true, message: 'CHECK_FAILED' });
    expect(result.error).toEqual({ key: 'validationUnavailable', hints: [] });
  });

  it('gives the verdict of a retry that succeeds', async () => {
    server.queue({ status: 500 }, authorizedAnswer);
    const pending = validator().check('parent@ecole.example');
    await until(() => waits.length === 1, 'the first backoff');
    await vi.advanceTimersByTimeAsync(2_000);
    const result = await pending;
    expect(server.requests).toHaveLength(2);
    expect(result).toMatchObject({ authorized: true, networkIssue: false, serviceIssue: false });
  });

  it('words other 5xx answers as a server error during validation', async () => {
    server.setDefault({ status: 502 });
    const pending = validator().check('parent@ecole.example');
    await runBackoffs();
    const result = await pending;
    expect(server.requests).toHaveLength(4);
    expect(result).toMatchObject({ serviceIssue: true, networkIssue: false, error: { key: 'validationServerError' } });
  });

  it('does not retry a 429: another call in the same window would only spend more of the budget', async () => {
    server.setDefault({ status: 429, body: { error: { code: 'RATE_LIMITED' } } });
    const result = await validator().check('parent@ecole.example');
    expect(server.requests).toHaveLength(1);
    expect(result).toMatchObject({ authorized: false, serviceIssue: true, networkIssue: false, error: { key: 'rateLimited' } });
  });

  it('does not retry a 400, and reads it as an invalid address', async () => {
    server.queue({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    const result = await validator().check('parent@ecole.example');
    expect(server.requests).toHaveLength(1);
    expect(result).toMatchObject({ networkIssue: false, serviceIssue: false, error: { key: 'invalidEmail' } });
  });

  it('treats an answer that is not the contract as a service issue', async () => {
    server.setDefault({ status: 200, body: { ok: true } });
    const pending = validator().check('parent@ecole.example');
    await runBackoffs();
    expect(await pending).toMatchObject({ serviceIssue: true, error: { key: 'validationServerError' } });
  });

  it('retries a refused connection, then fails with the network flag, and the network message (no second sentence saying the same)', async () => {
    const port = await closedPort();
    const pending = validator(`http://127.0.0.1:${port}/api`).check('parent@ecole.example');
    await runBackoffs();
    const result = await pending;
    // Three retries after the first attempt, then no more.
    expect(waits).toEqual([2_000, 4_000, 8_000]);
    expect(result).toMatchObject({ authorized: false, networkIssue: true, serviceIssue: false });
    expect(result.error).toEqual({ key: 'network', hints: [] });
  });

  it('answers at once while offline, without a request', async () => {
    online = false;
    const result = await validator().check('parent@ecole.example');
    expect(server.requests).toHaveLength(0);
    expect(result).toMatchObject({ authorized: false, networkIssue: true, serviceIssue: false, error: { key: 'offline' } });
  });

  it('sends nothing for a malformed address', async () => {
    const result = await validator().check('not-an-address');
    expect(server.requests).toHaveLength(0);
    expect(result.error?.key).toBe('invalidEmail');
  });

  it('caches a verdict per email for 5 minutes, whatever the case or spacing of the address', async () => {
    const client = validator();
    server.setDefault(authorizedAnswer);
    await client.check('parent@ecole.example');
    await client.check(' PARENT@ecole.example');
    expect(server.requests).toHaveLength(1);
    expect(client.cached('parent@ecole.example')?.authorized).toBe(true);

    // Another address is its own entry.
    await client.check('other@ecole.example');
    expect(server.requests).toHaveLength(2);

    vi.advanceTimersByTime(VALIDATION_CACHE_MS - 1);
    await client.check('parent@ecole.example');
    expect(server.requests).toHaveLength(2);

    vi.advanceTimersByTime(1);
    expect(client.cached('parent@ecole.example')).toBeUndefined();
    await client.check('parent@ecole.example');
    expect(server.requests).toHaveLength(3);
  });

  it('does not cache failures: the next check asks again', async () => {
    const client = validator();
    server.queue({ status: 429 });
    expect((await client.check('parent@ecole.example')).error?.key).toBe('rateLimited');
    expect((await client.check('parent@ecole.example')).authorized).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('serves simultaneous checks of one address with a single request', async () => {
    const client = validator();
    const [a, b] = await Promise.all([client.check('parent@ecole.example'), client.check('Parent@ecole.example')]);
    expect(server.requests).toHaveLength(1);
    expect(a).toBe(b);
  });
});
