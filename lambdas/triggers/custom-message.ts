import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { AUTH_LINKS, CLIENT_METADATA_LOCALE_KEY } from '@shared/contracts/auth-api';
import { publicBaseUrl } from '../common/env';
import { passwordResetEmail, verificationEmail, type RenderedEmail } from '../common/email-templates/account-emails';
import type { EmailLocale } from '../common/email-templates/layout';
import { logger } from '../common/logger';
import { hitRateLimit, type RateLimitRule } from '../common/rate-limit';
import { normalizeEmail } from '@shared/rules/email';

/**
 * Cognito CustomMessage: turns Cognito's codes into bilingual emails with links into the app.
 *
 * `codeParameter` is normally the placeholder `{####}` that Cognito swaps for the real code after we answer,
 * so it must reach Cognito verbatim (never URL-encoded). An emulator may hand over the real code instead; both
 * work because we only ever insert the value we were given. The link's host comes from PUBLIC_BASE_URL, never
 * from a request, so a forged Host header cannot redirect codes elsewhere.
 * Other sources (AdminCreateUser invitations, MFA codes) keep Cognito's default message.
 *
 * The code of an attribute update is refused: the app never changes an attribute that needs a code (emails
 * change only through the school office), so that message can only come from someone calling
 * UpdateUserAttributes by hand to take another person's address. Throwing makes Cognito fail the call and send
 * nothing; the pool keeps the original email until a new one is verified (lib/constructs/auth.ts keepOriginal).
 */
const VERIFICATION_SOURCES = new Set<string>([
  'CustomMessage_SignUp',
  'CustomMessage_ResendCode',
  'CustomMessage_VerifyUserAttribute',
]);
export const REFUSED_SOURCES = new Set<string>(['CustomMessage_UpdateUserAttribute']);
/**
 * Verification emails one address may get per hour. Anyone holding an account (a squatter's unconfirmed one made
 * with a parent's address) can call GetUserAttributeVerificationCode at will, and each call emails that address:
 * past the cap the trigger refuses, so Cognito fails the call and sends nothing. Counted in the table like the
 * other limits (lambdas/common/rate-limit.ts: the address is only an HMAC there).
 */
export const VERIFICATION_CODES: RateLimitRule = { name: 'verificationCode', limit: 5, windowSeconds: 3600 };
/** The error message Cognito passes back to the caller past the cap. */
export const VERIFICATION_CODES_LIMITED = 'VERIFICATION_CODES_LIMITED';
/** The error message Cognito passes back to the caller of a refused request. */
export const ATTRIBUTE_UPDATE_REFUSED = 'ATTRIBUTE_UPDATE_REFUSED';

/** The UI language sent as client metadata, else the user's `locale` attribute, else French. */
export function emailLocale(event: CustomMessageTriggerEvent): EmailLocale {
  const requested =
    event.request.clientMetadata?.[CLIENT_METADATA_LOCALE_KEY] ?? event.request.userAttributes?.locale ?? '';
  return requested.toLowerCase().startsWith('en') ? 'en' : 'fr';
}

function appLink(path: string, query: Record<string, string>): string {
  const base = publicBaseUrl();
  // Built by hand: URLSearchParams would percent-encode the `{####}` placeholder and Cognito would miss it.
  const search = Object.entries(query)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return `${base}${path}?${search}`;
}

/** One more verification email to this address (the account's username when it has none): refused past the cap. */
async function limitVerificationCodes(event: CustomMessageTriggerEvent): Promise<void> {
  const address = event.request.userAttributes?.email;
  const key = typeof address === 'string' && address ? normalizeEmail(address) : event.userName;
  if ((await hitRateLimit(VERIFICATION_CODES, key)).allowed) return;
  logger.warn('verification codes limited', { triggerSource: event.triggerSource });
  throw new Error(VERIFICATION_CODES_LIMITED);
}

export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  if (REFUSED_SOURCES.has(event.triggerSource)) {
    logger.warn('custom message refused', { triggerSource: event.triggerSource });
    throw new Error(ATTRIBUTE_UPDATE_REFUSED);
  }
  const locale = emailLocale(event);
  const code = event.request.codeParameter;
  let email: RenderedEmail | undefined;
  if (VERIFICATION_SOURCES.has(event.triggerSource)) {
    await limitVerificationCodes(event);
    email = verificationEmail(locale, appLink(AUTH_LINKS.verifyEmailPath, { [AUTH_LINKS.codeParam]: code }));
  } else if (event.triggerSource === 'CustomMessage_ForgotPassword') {
    const link = appLink(AUTH_LINKS.resetPasswordPath, {
      mode: AUTH_LINKS.resetPasswordMode,
      [AUTH_LINKS.codeParam]: code,
    });
    email = passwordResetEmail(locale, link, code);
  }
  if (email) {
    event.response.emailSubject = email.subject;
    event.response.emailMessage = email.html;
  }
  logger.info('custom message', { triggerSource: event.triggerSource, locale, customised: email !== undefined });
  return event;
}
