/**
 * Error codes returned by the API. The backend never sends sentences: the frontend turns each code into
 * a French or English message (frontend/src/i18n, key `errors.<code>`).
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'INVALID_JSON',
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'EMAIL_NOT_VERIFIED',
  'NOT_REGISTERED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'RATE_LIMITED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  // School progression (docs/progression.md).
  'WRONG_PHASE',
  'ANALYSIS_STALE',
  'ASSIGNMENTS_MISSING',
  'DUPLICATE_EMAIL',
  /** Applying a progression while an update campaign is open: close the campaign first (docs/progression.md). */
  'CAMPAIGN_ACTIVE',
  /** Starting a progression for a school year an applied progression already left (the year was set back since). */
  'PROGRESSION_YEAR_DONE',
  // Admin editing (docs/data-onboarding.md).
  'ORPHAN_PARENTS',
  'CLASS_NOT_EMPTY',
  // Administrator roles (docs/auth.md).
  'LAST_ADMINISTRATOR',
  /** Ending a role would leave a later day without any administrator (the others' roles end by then). */
  'ADMIN_GAP',
  /** An administrator without the required second factor: enrol an authenticator first (docs/auth.md). */
  'MFA_REQUIRED',
  /** An admin token from a sign-in before the account's authenticator was added (or first seen): sign in again. */
  'MFA_SIGN_IN_AGAIN',
  /** Privacy requests (docs/privacy.md): a status change the request's current status does not allow. */
  'TRANSITION_NOT_ALLOWED',
  /** A parent already has the most open privacy requests allowed (PRIVACY_REQUEST_OPEN_MAX): nothing was filed. */
  'PRIVACY_REQUEST_OPEN_LIMIT',
  /** A parent filed the most privacy requests allowed in an hour (each emails a receipt): try again later. */
  'PRIVACY_REQUEST_HOURLY_LIMIT',
  // Duplicate parents (docs/product-rules.md, "Duplicates").
  /** A merge would change more items than one transaction holds (100): nothing was written. */
  'MERGE_TOO_LARGE',
  /** An undo refused: something the merge wrote has changed since (the undo would lose that change). */
  'MERGE_CHANGED',
  /** An undo past its 30 days. */
  'MERGE_EXPIRED',
  /** An undo of a merge already undone. */
  'MERGE_UNDONE',
  // Committee sign-ups from the parent form (docs/product-rules.md).
  /** Joining a committee that is not open to sign-ups. */
  'COMMITTEE_CLOSED',
  /** Asking for, or leaving, a committee role only administrators give (chair, secretary, treasurer...). */
  'COMMITTEE_ROLE_RESERVED',
  // Annual update campaign's lifecycle (docs/annual-update.md, "Campaign lifecycle").
  /** Starting a school year whose campaign already exists (closed): reopen it instead. */
  'CAMPAIGN_EXISTS',
  /** Starting a campaign while the previous one still holds answers for review: they would be out of reach. */
  'REVIEW_PENDING',
  /** Reopening refused: another campaign is open, a newer one exists, or the campaign's purge date has passed. */
  'REOPEN_NOT_ALLOWED',
  /** An update link or letter code of a closed campaign (details: `endedOn`, the school's contact). */
  'CAMPAIGN_CLOSED',
  /** A letter code replaced by the code of a newer letter (details: the school's contact). */
  'CODE_REPLACED',
  /** An emailed link replaced by the link of a newer email (details: the day it was replaced, the school's contact). */
  'LINK_REPLACED',
  // Messages (docs/messages.md).
  /** Writing to an audience the caller may not write to (not its representative, chair or an administrator). */
  'MESSAGE_AUDIENCE_NOT_ALLOWED',
  /** An administrator withdrew this author's right to write messages. */
  'MESSAGE_RIGHT_WITHDRAWN',
  /** The author's messages of the last days reached the quota: nothing was sent. */
  'MESSAGE_QUOTA',
  // Families near me (docs/messages.md, "Families near me").
  /** Turning it on without a postal code on file: there is nothing to find neighbours by. */
  'CARPOOL_NO_POSTAL_CODE',
  /** Only a parent of the school may turn it on or write to a neighbour. */
  'CARPOOL_NOT_A_PARENT',
  /** The author's messages to neighbours of the last days reached the quota: nothing was sent. */
  'CARPOOL_QUOTA',
  /** That family has no address the school may email, or it bounced: nothing was sent. */
  'CARPOOL_UNREACHABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each code: one place, used by every handler. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  EMAIL_NOT_VERIFIED: 403,
  NOT_REGISTERED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  TOKEN_INVALID: 404,
  TOKEN_EXPIRED: 410,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  WRONG_PHASE: 409,
  ANALYSIS_STALE: 409,
  ASSIGNMENTS_MISSING: 409,
  DUPLICATE_EMAIL: 409,
  CAMPAIGN_ACTIVE: 409,
  PROGRESSION_YEAR_DONE: 409,
  ORPHAN_PARENTS: 409,
  CLASS_NOT_EMPTY: 409,
  LAST_ADMINISTRATOR: 409,
  ADMIN_GAP: 409,
  MFA_REQUIRED: 403,
  MFA_SIGN_IN_AGAIN: 401,
  TRANSITION_NOT_ALLOWED: 409,
  PRIVACY_REQUEST_OPEN_LIMIT: 409,
  PRIVACY_REQUEST_HOURLY_LIMIT: 429,
  MERGE_TOO_LARGE: 409,
  MERGE_CHANGED: 409,
  MERGE_EXPIRED: 410,
  MERGE_UNDONE: 409,
  COMMITTEE_CLOSED: 409,
  COMMITTEE_ROLE_RESERVED: 403,
  CAMPAIGN_EXISTS: 409,
  REVIEW_PENDING: 409,
  REOPEN_NOT_ALLOWED: 409,
  CAMPAIGN_CLOSED: 410,
  CODE_REPLACED: 410,
  LINK_REPLACED: 410,
  MESSAGE_AUDIENCE_NOT_ALLOWED: 403,
  MESSAGE_RIGHT_WITHDRAWN: 403,
  MESSAGE_QUOTA: 429,
  CARPOOL_NO_POSTAL_CODE: 409,
  CARPOOL_NOT_A_PARENT: 403,
  CARPOOL_QUOTA: 429,
  CARPOOL_UNREACHABLE: 409,
};

/** The JSON body of every error response. `fields` lists invalid input paths for forms. */
export interface ApiErrorBody {
  error: { code: ErrorCode; fields?: { path: string; issue: string }[]; details?: ErrorDetails };
}

/**
 * What an unusable update link's answer adds (TOKEN_EXPIRED, CAMPAIGN_CLOSED, CODE_REPLACED, LINK_REPLACED), so the parent reads
 * when it ended and whom to ask: `endedOn` is a school-calendar day (YYYY-MM-DD); the school office's contact.
 */
export interface ErrorDetails {
  endedOn?: string;
  school?: { name: string; email?: string; phone?: string };
}
