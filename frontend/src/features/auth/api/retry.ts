/**
 * Retries with exponential backoff, as docs/product-rules.md asks for the email check (3 retries from 2 s) and for the
 * verification email (3 retries from 1 s). "3 retries" means up to 4 attempts: the first call, then a retry after
 * `base`, `2 × base` and `4 × base`.
 */
export interface RetryOptions {
  retries: number;
  baseDelayMs: number;
  /** Whether a failure is worth another attempt; permanent failures (bad input, quotas) stop at once. */
  shouldRetry?: (error: unknown) => boolean;
  /** Injected so tests can drive time; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

export const sleepFor = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The delay before retry number `retry` (0-based): base, 2 × base, 4 × base ... */
export function backoffDelay(baseDelayMs: number, retry: number): number {
  return baseDelayMs * 2 ** retry;
}

export async function withRetries<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { retries, baseDelayMs, shouldRetry = () => true, sleep = sleepFor } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= retries || !shouldRetry(error)) throw error;
      await sleep(backoffDelay(baseDelayMs, attempt));
    }
  }
}
