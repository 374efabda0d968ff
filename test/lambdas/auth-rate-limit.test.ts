import { createHash, createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { ENV } from '../../lambdas/common/env';
import { hitRateLimit, type RateLimitRule } from '../../lambdas/common/rate-limit';
import { rateLimitKey, resetRateLimitKey } from '../../lambdas/common/rate-limit-key';
import { useStack } from '../support/stack';
import { uniqueIp } from './auth-support';

beforeAll(() => {
  useStack();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetRateLimitKey();
});

/** A rule of its own per test, so counters never collide between tests or runs. */
function rule(limit: number): RateLimitRule {
  return { name: `test-${Math.random().toString(36).slice(2)}`, limit, windowSeconds: 60 };
}

// 2030-01-01T00:00:10Z: 10 s into a window, so the window ends 50 s later.
const T0 = Date.UTC(2030, 0, 1, 0, 0, 10);

describe('fixed-window rate limit (DynamoDB Local)', () => {
  it('allows `limit` hits in a window, refuses the next, and starts afresh in the next window', async () => {
    const r = rule(2);
    const ip = uniqueIp();

    const inWindow = [];
    for (let i = 0; i < 3; i += 1) inWindow.push(await hitRateLimit(r, ip, T0 + i * 1000));
    const nextWindow = await hitRateLimit(r, ip, T0 + 50_000);

    expect(inWindow.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(inWindow[2]!.retryAfterSeconds).toBe(48);
    expect(nextWindow).toEqual({ allowed: true, retryAfterSeconds: 60 });
  });

  it('keeps one counter per client', async () => {
    const r = rule(1);

    const first = await hitRateLimit(r, uniqueIp(), T0);
    const other = await hitRateLimit(r, uniqueIp(), T0);

    expect([first.allowed, other.allowed]).toEqual([true, true]);
  });

  it('counts concurrent hits exactly (atomic ADD)', async () => {
    const r = rule(5);
    const ip = uniqueIp();

    const decisions = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(r, ip, T0)));

    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  /** The counter item of a client under a given counter name (the HMAC, or a plain hash). */
  const counter = async (r: RateLimitRule, name: string, window: number) =>
    (await documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk: `RATE#${r.name}#${name}`, sk: `W#${window}` } }))).Item;
  const hmac = (key: string, clientKey: string) => createHmac('sha256', key).update(clientKey).digest('hex').slice(0, 32);

  it('names a counter by an HMAC of the client key under the secret key, with a TTL one window after the window ends', async () => {
    const r = rule(3);
    const ip = uniqueIp();
    await hitRateLimit(r, ip, T0);

    const window = Math.floor(T0 / 60_000);
    const item = await counter(r, hmac(process.env[ENV.rateLimitKey]!, ip), window);
    expect(item).toMatchObject({ hits: 1, type: 'RATE_LIMIT', expiresAt: (window + 2) * 60 });
    expect(JSON.stringify(item)).not.toContain(ip);
    // Not the plain SHA-256 of the address, which anyone reading the table could undo by hashing every IPv4 address.
    expect(await counter(r, createHash('sha256').update(ip).digest('hex').slice(0, 32), window)).toBeUndefined();
  });

  it('counts the same client under another name with another secret key', async () => {
    const r = rule(3);
    const ip = uniqueIp();
    const window = Math.floor(T0 / 60_000);
    const startKey = process.env[ENV.rateLimitKey]!;
    await hitRateLimit(r, ip, T0);
    vi.stubEnv(ENV.rateLimitKey, 'another-key-entirely');
    resetRateLimitKey();
    await hitRateLimit(r, ip, T0);

    // Two counters of one hit each: the second key named the client differently, so it started afresh.
    expect(hmac('another-key-entirely', ip)).not.toBe(hmac(startKey, ip));
    expect(await counter(r, hmac('another-key-entirely', ip), window)).toMatchObject({ hits: 1 });
    expect(await counter(r, hmac(startKey, ip), window)).toMatchObject({ hits: 1 });
  });
});

describe('the rate-limit key in AWS', () => {
  it('is read from Secrets Manager once per cold start, by the ARN in the environment', async () => {
    const requests: { target?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        requests.push({ target: req.headers['x-amz-target'] as string | undefined, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ ARN: 'arn:aws:secretsmanager:ca-central-1:111122223333:secret:RateLimitKey-AbCdEf', Name: 'RateLimitKey', SecretString: 'from-secrets-manager' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const arn = 'arn:aws:secretsmanager:ca-central-1:111122223333:secret:RateLimitKey-AbCdEf';
      vi.stubEnv(ENV.rateLimitSecretArn, arn);
      vi.stubEnv(ENV.rateLimitKey, '');
      vi.stubEnv('AWS_ENDPOINT_URL_SECRETS_MANAGER', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      resetRateLimitKey();

      expect(await Promise.all([rateLimitKey(), rateLimitKey()])).toEqual(['from-secrets-manager', 'from-secrets-manager']);
      expect(await rateLimitKey()).toBe('from-secrets-manager');
      expect(requests).toEqual([{ target: 'secretsmanager.GetSecretValue', body: JSON.stringify({ SecretId: arn }) }]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('is required: without the secret (or a local key) counting fails loudly instead of using no key', async () => {
    vi.stubEnv(ENV.rateLimitSecretArn, '');
    vi.stubEnv(ENV.rateLimitKey, '');
    resetRateLimitKey();
    await expect(hitRateLimit(rule(1), uniqueIp(), T0)).rejects.toThrow(ENV.rateLimitSecretArn);
  });
});
