import { amplifyAuth } from '../../../lib/api/amplify';
import { forgetStoredSession } from '../../../lib/api/stored-session';
import { CLIENT_METADATA_LOCALE_KEY, type AuthLocale } from '@shared/contracts/auth-constants';
import { normalizeEmail } from '@shared/rules/email';
import { withRetries } from './retry';

/**
 * Every call this app makes to the identity service, through Amplify v6, which loads on first use
 * (lib/api/amplify.ts: it is not on the first page). Two rules hold everywhere:
 * - sign-in uses USER_PASSWORD_AUTH: cognito-local has no SRP, and the AWS app client allows both, so one code
 *   path serves both environments (docs/decisions/README.md);
 * - calls that make Cognito send an email pass the UI language as client metadata, which the CustomMessage
 *   trigger reads to write the email in French or English.
 */
const metadata = (locale: AuthLocale) => ({ clientMetadata: { [CLIENT_METADATA_LOCALE_KEY]: locale } });

/** The verification email (docs/product-rules.md, "Calls and retries") is retried 3 times with a 1 s base backoff. */
export const VERIFICATION_EMAIL_RETRIES = 3;
export const VERIFICATION_EMAIL_BASE_DELAY_MS = 1_000;

/** Failures that another attempt cannot fix: quotas, a missing session, bad input. */
const PERMANENT = new Set([
  'LimitExceededException',
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserUnAuthenticatedException',
  'InvalidParameterException',
  'CodeDeliveryFailureException',
]);
export const isTransientCognitoError = (error: unknown): boolean =>
  !(error && typeof error === 'object' && 'name' in error && PERMANENT.has(String(error.name)));

export async function signInWithPassword(email: string, password: string): Promise<{ isSignedIn: boolean; step: string }> {
  const { signIn } = await amplifyAuth();
  const result = await signIn({
    username: normalizeEmail(email),
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  return { isSignedIn: result.isSignedIn, step: result.nextStep.signInStep };
}

/** Creates the account; the PreSignUp trigger confirms it (no code to type) and refuses unregistered emails. */
export async function createAccount(email: string, password: string, locale: AuthLocale): Promise<void> {
  const address = normalizeEmail(email);
  const { signUp } = await amplifyAuth();
  await signUp({
    username: address,
    password,
    options: { userAttributes: { email: address }, ...metadata(locale) },
  });
}

export async function setDisplayName(name: string): Promise<void> {
  const { updateUserAttributes } = await amplifyAuth();
  await updateUserAttributes({ userAttributes: { name } });
}

/** Asks Cognito to email a verification link (retried: a lost email blocks the person entirely). */
export async function sendVerificationEmail(
  locale: AuthLocale,
  sleep?: (ms: number) => Promise<void>,
): Promise<void> {
  await withRetries(
    async () => {
      const { sendUserAttributeVerificationCode } = await amplifyAuth();
      await sendUserAttributeVerificationCode({ userAttributeKey: 'email', options: metadata(locale) });
    },
    {
      retries: VERIFICATION_EMAIL_RETRIES,
      baseDelayMs: VERIFICATION_EMAIL_BASE_DELAY_MS,
      shouldRetry: isTransientCognitoError,
      ...(sleep ? { sleep } : {}),
    },
  );
}

export async function confirmEmail(code: string): Promise<void> {
  const { confirmUserAttribute } = await amplifyAuth();
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code.trim() });
}

export async function requestPasswordReset(email: string, locale: AuthLocale): Promise<void> {
  const { resetPassword } = await amplifyAuth();
  await resetPassword({ username: normalizeEmail(email), options: metadata(locale) });
}

export async function completePasswordReset(
  email: string,
  code: string,
  newPassword: string,
  locale: AuthLocale,
): Promise<void> {
  const { confirmResetPassword } = await amplifyAuth();
  await confirmResetPassword({
    username: normalizeEmail(email),
    confirmationCode: code.trim(),
    newPassword,
    options: metadata(locale),
  });
}

/** The user's attributes straight from Cognito (GetUser): fresher than the token. */
export async function readAttributes(): Promise<{ name?: string; emailVerified: boolean }> {
  const { fetchUserAttributes } = await amplifyAuth();
  const attributes = await fetchUserAttributes();
  return { name: attributes.name, emailVerified: attributes.email_verified === 'true' };
}

/**
 * Every sign-out goes through here: the opt-in offline copy of the directory and the choice to keep one are erased
 * first, so even a sign-out without a network leaves none of it on the device (lib/offline/offline-copy-storage.ts).
 */
export async function endSession(): Promise<void> {
  await eraseOfflineCopy('endSession');
  try {
    const { signOut } = await amplifyAuth();
    await signOut();
  } finally {
    forgetStoredSession();
  }
}

export { forgetStoredSession };

/** Loaded on demand: the offline copy's code stays out of the first page. */
export async function eraseOfflineCopy(how: 'endSession' | 'erase'): Promise<void> {
  try {
    const { offlineCopy } = await import('../../../lib/offline/offline-copy-storage');
    await (how === 'endSession' ? offlineCopy.endSession() : offlineCopy.erase());
  } catch (error) {
    console.warn('Offline copy not erased', (error as Error).name);
  }
}

/** The sign-in step Cognito asks for when the account has an authenticator (TOTP) enrolled. */
export const TOTP_SIGN_IN_STEP = 'CONFIRM_SIGN_IN_WITH_TOTP_CODE';

/** Answers the TOTP step of a sign-in with the authenticator's 6-digit code. */
export async function confirmTotpSignIn(code: string): Promise<{ isSignedIn: boolean; step: string }> {
  const { confirmSignIn } = await amplifyAuth();
  const result = await confirmSignIn({ challengeResponse: code.trim() });
  return { isSignedIn: result.isSignedIn, step: result.nextStep.signInStep };
}

/** Starts enrolling an authenticator: the shared secret and the `otpauth://` address its QR code carries. */
export async function beginTotpSetup(accountName: string): Promise<{ secret: string; uri: string }> {
  const { setUpTOTP } = await amplifyAuth();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, accountName).toString() };
}

/** Checks a first code from the authenticator, then makes TOTP the account's second factor at every sign-in. */
export async function finishTotpSetup(code: string): Promise<void> {
  const { verifyTOTPSetup, updateMFAPreference } = await amplifyAuth();
  await verifyTOTPSetup({ code: code.trim() });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Bottin scolaire';

