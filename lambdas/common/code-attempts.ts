import { normalizeShortCode } from '@shared/rules/short-code';
import { AppError } from './errors';
import { hitRateLimit, type RateLimitRule } from './rate-limit';

/**
 * Typing codes is rate-limited (docs/annual-update.md, "Paper letters"): every request to a route that takes a
 * token (`access: 'token'` in lambdas/routes.ts) whose token has the shape of a short code counts, per client
 * address and per code, whether it is right or not, on every such route together (the parent and staff forms,
 * the privacy request by link): one budget, counted in one place (createHandler, lambdas/common/http.ts), so a
 * new token route cannot forget it. Link tokens (256 bits) are not counted. Over either limit: RATE_LIMITED (429
 * with `Retry-After`), before the code is even looked up.
 */
export const CODE_ATTEMPTS_PER_CLIENT: RateLimitRule = { name: 'shortCodeClient', limit: 30, windowSeconds: 900 };
export const CODE_ATTEMPTS_PER_CODE: RateLimitRule = { name: 'shortCodeEntry', limit: 20, windowSeconds: 900 };

export async function limitCodeAttempts(token: string, clientIp: string, now = Date.now()): Promise<void> {
  const code = normalizeShortCode(token);
  if (code === undefined) return;
  const [client, entry] = await Promise.all([
    hitRateLimit(CODE_ATTEMPTS_PER_CLIENT, clientIp, now),
    hitRateLimit(CODE_ATTEMPTS_PER_CODE, code, now),
  ]);
  const refused = [client, entry].filter((decision) => !decision.allowed);
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((decision) => decision.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', undefined, undefined, retryAfter);
  }
}

/** The token a token route's body carries (lambdas/routes.ts: "the token travels in the POST body"), if any. */
export function bodyToken(body: unknown): string | undefined {
  const token = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
  return typeof token === 'string' ? token : undefined;
}
