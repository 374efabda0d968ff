import { createHmac } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './dynamo';
import { keys } from './keys';
import { rateLimitKey } from './rate-limit-key';

/** A named limit: at most `limit` hits per client per fixed window. */
export interface RateLimitRule {
  /** Part of the counter's key, so two limits never share a counter. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the current window ends (the `Retry-After` of a 429). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit for a client and says whether it is within the limit. A fixed-window counter: one item per
 * (rule, client, window), incremented atomically with ADD, so concurrent Lambdas never lose a hit. The item
 * expires by TTL (`expiresAt`, epoch seconds) one window after its own ends; TTL deletion is lazy, which is fine
 * because an old window is never read again. The client key (an IP address, an email) is stored as an HMAC
 * under a secret key (lambdas/common/rate-limit-key.ts): the counter needs to tell clients apart, not to know
 * who they are, and a plain hash of an IPv4 address is undone by hashing all 2^32 of them.
 */
export async function hitRateLimit(
  rule: RateLimitRule,
  clientKey: string,
  now: number = Date.now(),
): Promise<RateLimitDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const window = Math.floor(now / windowMs);
  const windowEnd = (window + 1) * windowMs;
  const bucket = `${rule.name}#${createHmac('sha256', await rateLimitKey()).update(clientKey).digest('hex').slice(0, 32)}`;
  const result = await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rateLimit(bucket, window),
      UpdateExpression: 'ADD #hits :one SET #type = :type, expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ExpressionAttributeNames: { '#hits': 'hits', '#type': 'type' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':type': 'RATE_LIMIT',
        ':expiresAt': Math.ceil((windowEnd + windowMs) / 1000),
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const hits = Number(result.Attributes?.hits ?? 1);
  return { allowed: hits <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
}
