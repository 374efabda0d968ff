/**
 * The auth API's plain constants, in a module without zod: the first page's sign-in code needs them, not the API
 * schemas (docs/decisions/speed-fonts-as-files-a-first-page-without-zod-lean.md, "A first page without zod"). shared/contracts/auth-api.ts re-exports them.
 */

/**
 * The one message the pre-sign-up trigger fails with, whatever the reason (unknown, malformed or missing email),
 * so sign-up never reveals whether an address is registered. Cognito wraps it: the client sees a
 * `UserLambdaValidationException` whose message contains this code.
 */
export const SIGN_UP_REJECTED = 'EMAIL_NOT_AUTHORIZED';

/** Languages of the account emails; the frontend sends its locale as Cognito client metadata under this key. */
export const AUTH_LOCALES = ['fr', 'en'] as const;
export type AuthLocale = (typeof AUTH_LOCALES)[number];
export const CLIENT_METADATA_LOCALE_KEY = 'locale';

/** Where the account emails point. The app reads the code from the `code` query parameter. */
export const AUTH_LINKS = {
  verifyEmailPath: '/email-verification-required',
  resetPasswordPath: '/auth',
  resetPasswordMode: 'reset',
  codeParam: 'code',
} as const;
