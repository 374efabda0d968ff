import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { hitRateLimit, type RateLimitRule } from '../../lambdas/common/rate-limit';
import { useStack } from '../support/stack';
import { uniqueIp } from './auth-support';

beforeAll(() => {
  useStack();
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

  it('stores a hashed client key and a TTL one window after the window ends', async () => {
    const r = rule(3);
    const ip = uniqueIp();
    await hitRateLimit(r, ip, T0);

    const window = Math.floor(T0 / 60_000);
    const hash = createHash('sha256').update(ip).digest('hex').slice(0, 32);
    const item = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: { pk: `RATE#${r.name}#${hash}`, sk: `W#${window}` } }),
    );
    expect(item.Item).toMatchObject({ hits: 1, type: 'RATE_LIMIT', expiresAt: (window + 2) * 60 });
    expect(JSON.stringify(item.Item)).not.toContain(ip);
  });
});
