import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VERIFICATION_EMAIL_BASE_DELAY_MS,
  VERIFICATION_EMAIL_RETRIES,
  isTransientCognitoError,
} from '../../frontend/src/features/auth/api/cognito-auth';
import {
  VALIDATION_BASE_DELAY_MS,
  VALIDATION_RETRIES,
} from '../../frontend/src/features/auth/api/email-validation';
import { backoffDelay, withRetries } from '../../frontend/src/features/auth/api/retry';

/** The retry policy (docs/product-rules.md, Calls and retries): 3 retries, doubling from 2 s (validation) or 1 s (verification email). */
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const named = (name: string) => Object.assign(new Error(name), { name });

describe('retries with exponential backoff', () => {
  it('uses the product’s constants', () => {
    expect([VALIDATION_RETRIES, VALIDATION_BASE_DELAY_MS]).toEqual([3, 2_000]);
    expect([VERIFICATION_EMAIL_RETRIES, VERIFICATION_EMAIL_BASE_DELAY_MS]).toEqual([3, 1_000]);
    expect([0, 1, 2].map((retry) => backoffDelay(VERIFICATION_EMAIL_BASE_DELAY_MS, retry))).toEqual([1_000, 2_000, 4_000]);
  });

  it('tries once, then retries 3 times 1 s, 2 s and 4 s apart, then gives up with the last error', async () => {
    const attemptsAt: number[] = [];
    const started = Date.now();
    const outcome = withRetries(
      async (attempt) => {
        attemptsAt.push(Date.now() - started);
        throw named(`InternalErrorException ${attempt}`);
      },
      { retries: VERIFICATION_EMAIL_RETRIES, baseDelayMs: VERIFICATION_EMAIL_BASE_DELAY_MS, shouldRetry: isTransientCognitoError },
    ).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(999);
    expect(attemptsAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1 + 2_000 + 4_000);
    expect(await outcome).toBe('InternalErrorException 3');
    expect(attemptsAt).toEqual([0, 1_000, 3_000, 7_000]);
  });

  it('stops at the first success', async () => {
    let calls = 0;
    const outcome = withRetries(
      async () => {
        calls++;
        if (calls < 2) throw named('NetworkError');
        return 'sent';
      },
      { retries: 3, baseDelayMs: 1_000, shouldRetry: isTransientCognitoError },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toBe('sent');
    expect(calls).toBe(2);
  });

  it('does not retry what another attempt cannot fix: quotas, a lost session, bad input', async () => {
    for (const name of ['LimitExceededException', 'NotAuthorizedException', 'UserUnAuthenticatedException', 'InvalidParameterException']) {
      let calls = 0;
      await expect(
        withRetries(
          async () => {
            calls++;
            throw named(name);
          },
          { retries: 3, baseDelayMs: 1_000, shouldRetry: isTransientCognitoError },
        ),
      ).rejects.toThrow(name);
      expect(calls, name).toBe(1);
    }
    for (const name of ['NetworkError', 'InternalErrorException', 'TooManyRequestsException']) {
      expect(isTransientCognitoError(named(name)), name).toBe(true);
    }
  });
});
