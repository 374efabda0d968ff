import type { EmailCheckMessage, UserType } from '@shared/contracts/auth-api';
import { isValidEmail, normalizeEmail } from '@shared/rules/email';
import { message, type AuthMessage } from './auth-errors';
import { sleepFor, withRetries } from './retry';

/** docs/product-rules.md: 3 retries, exponential backoff from 2 s; answers cached per email for 5 minutes. */
export const VALIDATION_RETRIES = 3;
export const VALIDATION_BASE_DELAY_MS = 2_000;
export const VALIDATION_CACHE_MS = 5 * 60_000;
/** A hung request counts as a network failure rather than leaving the form waiting forever. */
export const VALIDATION_ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * The answer of `POST /api/validateEmailV2`, or, when it could not be obtained, `authorized: false` with the
 * error and the two flags of docs/product-rules.md: `networkIssue` (the browser could not reach the server) and
 * `serviceIssue` (the server answered, but not with a verdict).
 */
export interface EmailCheckResult {
  email: string;
  authorized: boolean;
  displayName: string | null;
  userType: UserType | null;
  /** The server's verdict code, or `CHECK_FAILED` when there is no verdict. */
  message: EmailCheckMessage | 'CHECK_FAILED';
  error?: AuthMessage;
  networkIssue: boolean;
  serviceIssue: boolean;
}

export interface EmailValidatorOptions {
  /** `/api` on the site's origin, or an absolute base in tests. */
  apiBaseUrl: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  isOnline?: () => boolean;
}

export interface EmailValidator {
  check: (email: string) => Promise<EmailCheckResult>;
  /** The cached verdict for an email, if still fresh (no network). */
  cached: (email: string) => EmailCheckResult | undefined;
  clearCache: () => void;
}

/** A failed attempt, carrying what the final result should say if no retry helps. */
class AttemptFailure extends Error {
  constructor(
    readonly result: Omit<EmailCheckResult, 'email'>,
    readonly retryable: boolean,
  ) {
    super(result.error?.key ?? 'failed');
  }
}

const failure = (error: AuthMessage, flags: { network?: boolean; service?: boolean }): Omit<EmailCheckResult, 'email'> => ({
  authorized: false,
  displayName: null,
  userType: null,
  message: 'CHECK_FAILED',
  error,
  networkIssue: flags.network ?? false,
  serviceIssue: flags.service ?? false,
});

function failureForStatus(status: number): AttemptFailure {
  if (status === 503) return new AttemptFailure(failure(message('validationUnavailable'), { service: true }), true);
  // Retrying inside the same rate-limit window only spends more of the budget.
  if (status === 429) return new AttemptFailure(failure(message('rateLimited'), { service: true }), false);
  if (status >= 500) return new AttemptFailure(failure(message('validationServerError'), { service: true }), true);
  if (status === 400) return new AttemptFailure(failure(message('invalidEmail'), {}), false);
  return new AttemptFailure(failure(message('unexpected', [], `HTTP ${status}`), { service: true }), false);
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export function createEmailValidator(options: EmailValidatorOptions): EmailValidator {
  const {
    apiBaseUrl,
    fetch: fetchImpl = (...args) => fetch(...args),
    sleep = sleepFor,
    now = Date.now,
    isOnline = browserOnline,
  } = options;
  const url = `${apiBaseUrl.replace(/\/$/, '')}/validateEmailV2`;
  const cache = new Map<string, { result: EmailCheckResult; at: number }>();
  const inFlight = new Map<string, Promise<EmailCheckResult>>();

  const cached = (raw: string) => {
    const email = normalizeEmail(raw);
    const hit = cache.get(email);
    if (!hit) return undefined;
    if (now() - hit.at >= VALIDATION_CACHE_MS) {
      cache.delete(email);
      return undefined;
    }
    return hit.result;
  };

  async function attempt(email: string): Promise<EmailCheckResult> {
    // The answer's schema (zod with it) is not part of the sign-in page's first download: it loads while the
    // request is in flight (docs/decisions/sign-in-page-on-a-phone-fewer-bytes-before-the-form.md, "Sign-in page on a phone: fewer bytes before the form").
    const schema = import('@shared/contracts/auth-api').then((m) => m.ValidateEmailResponseSchema);
    schema.catch(() => undefined);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email }),
        cache: 'no-store',
        signal: AbortSignal.timeout(VALIDATION_ATTEMPT_TIMEOUT_MS),
      });
    } catch {
      const error = isOnline() ? message('network') : message('offline');
      throw new AttemptFailure(failure(error, { network: true }), isOnline());
    }
    if (!response.ok) throw failureForStatus(response.status);
    const ResponseSchema = await schema.catch(() => {
      throw new AttemptFailure(failure(message('network'), { network: true }), isOnline());
    });
    const parsed = ResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new AttemptFailure(failure(message('validationServerError'), { service: true }), true);
    }
    return { email, ...parsed.data, networkIssue: false, serviceIssue: false };
  }

  async function run(email: string): Promise<EmailCheckResult> {
    try {
      const result = await withRetries(() => attempt(email), {
        retries: VALIDATION_RETRIES,
        baseDelayMs: VALIDATION_BASE_DELAY_MS,
        shouldRetry: (error) => error instanceof AttemptFailure && error.retryable,
        sleep,
      });
      // Only verdicts are cached: a failure must be retried on the next check.
      cache.set(email, { result, at: now() });
      return result;
    } catch (error) {
      if (error instanceof AttemptFailure) return { email, ...error.result };
      return { email, ...failure(message('unexpected'), { service: true }) };
    }
  }

  async function check(raw: string): Promise<EmailCheckResult> {
    const email = normalizeEmail(raw);
    if (!isValidEmail(email)) return { email, ...failure(message('invalidEmail'), {}) };
    const hit = cached(email);
    if (hit) return hit;
    if (!isOnline()) return { email, ...failure(message('offline'), { network: true }) };
    // The live check and the submit button may ask at the same moment: one request serves both.
    let pending = inFlight.get(email);
    if (!pending) {
      pending = run(email).finally(() => inFlight.delete(email));
      inFlight.set(email, pending);
    }
    return pending;
  }

  return { check, cached, clearCache: () => cache.clear() };
}
