import { ERROR_STATUS, type ErrorCode, type ErrorDetails } from '@shared/contracts/error-codes';

/** An error a client can cause or must be told about. Anything else becomes a generic 500 `INTERNAL`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: { path: string; issue: string }[],
    /** Facts the sentence needs (an unusable link's end date, the school's contact): never personal data. */
    readonly details?: ErrorDetails,
    /** For a 429: seconds until the client may try again, sent as `Retry-After` (lambdas/common/http.ts). */
    readonly retryAfter?: number,
  ) {
    super(code);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
