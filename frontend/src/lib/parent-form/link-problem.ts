import type { ErrorDetails } from '@shared/contracts/error-codes';
import { ApiError } from '../api/api-client';

/**
 * Why an update link (or a letter's code) cannot be used, as the server says it (docs/annual-update.md, "Campaign
 * lifecycle"): unknown, past its own expiry, its campaign closed, a code replaced by a newer letter's, or an emailed
 * link replaced by a newer email's. The key
 * names a sentence under `updateForm.messages` (and `staffUpdate.messages`).
 */
export type LinkProblem = 'tokenInvalid' | 'tokenExpired' | 'campaignClosed' | 'codeReplaced' | 'linkReplaced';

const PROBLEMS: Record<string, LinkProblem> = {
  TOKEN_INVALID: 'tokenInvalid',
  TOKEN_EXPIRED: 'tokenExpired',
  CAMPAIGN_CLOSED: 'campaignClosed',
  CODE_REPLACED: 'codeReplaced',
  LINK_REPLACED: 'linkReplaced',
};

export function linkProblem(error: unknown): LinkProblem | undefined {
  return error instanceof ApiError && error.code ? PROBLEMS[error.code] : undefined;
}

/** The day the link or the campaign ended and the school office's contact, when the server sent them. */
export function linkDetails(error: unknown): ErrorDetails {
  if (!(error instanceof ApiError)) return {};
  const details = (error.body as { error?: { details?: ErrorDetails } } | undefined)?.error?.details;
  if (!details || typeof details !== 'object') return {};
  const endedOn = typeof details.endedOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(details.endedOn) ? details.endedOn : undefined;
  const school = details.school && typeof details.school.name === 'string' ? details.school : undefined;
  return { ...(endedOn ? { endedOn } : {}), ...(school ? { school } : {}) };
}
