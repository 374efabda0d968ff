// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SIGN_UP_REJECTED } from '@shared/contracts/auth-api';
import {
  AUTH_HINT_KEYS,
  AUTH_MESSAGE_KEYS,
  EMAIL_NOT_VERIFIED_ERROR,
  toAuthMessage,
  type AuthMessage,
  type AuthOperation,
} from '../../frontend/src/features/auth/api/auth-errors';
import { authMessageText } from '../../frontend/src/features/auth/components/auth-message-text';
import { createI18n } from '../../frontend/src/i18n/i18n';

/**
 * The authentication and validation messages (docs/product-rules.md, Messages and languages): every message is reachable from the errors that cause it
 * (Cognito's, cognito-local's, the browser's), and reads the same in the app's English as in the product's wording, with a
 * French translation.
 */
const i18n = createI18n('fr');
const en = i18n.getFixedT('en');
const fr = i18n.getFixedT('fr');

/** An error as Amplify throws it: its `name` is Cognito's exception name. */
const cognito = (name: string, message = 'irrelevant') => Object.assign(new Error(message), { name });

/** The product's wording, word for word, with an error that must produce it. */
const CATALOGUE: { spec: string; error: unknown; operation: AuthOperation; online?: boolean }[] = [
  { spec: 'No account found with this email address.', error: cognito('UserNotFoundException'), operation: 'signIn' },
  // cognito-local answers a wrong password of an existing account with InvalidPasswordException: the password is wrong.
  { spec: 'Incorrect password.', error: cognito('InvalidPasswordException', 'Invalid password'), operation: 'signIn' },
  // Not the product's wording: AWS (PreventUserExistenceErrors) and cognito-local (an unknown address) answer this when
  // the account may not exist, so it must not blame the password (docs/auth.md, "Sign-in refusals").
  { spec: 'Incorrect email or password.', error: cognito('NotAuthorizedException', 'Incorrect username or password.'), operation: 'signIn' },
  { spec: 'Incorrect email or password.', error: cognito('NotAuthorizedException', 'User not authorized'), operation: 'signIn' },
  { spec: 'An account with this email already exists.', error: cognito('UsernameExistsException'), operation: 'signUp' },
  { spec: 'Password should be at least 6 characters.', error: cognito('InvalidPasswordException', 'Password did not conform with policy'), operation: 'signUp' },
  { spec: 'Password should be at least 6 characters.', error: cognito('InvalidPasswordException'), operation: 'confirmResetPassword' },
  { spec: 'Invalid email address.', error: cognito('InvalidParameterException', 'Invalid email address format.'), operation: 'signUp' },
  { spec: 'Too many failed attempts. Please try again later.', error: cognito('LimitExceededException'), operation: 'signIn' },
  { spec: 'Too many failed attempts. Please try again later.', error: cognito('TooManyRequestsException'), operation: 'signIn' },
  { spec: 'Too many failed attempts. Please try again later.', error: cognito('NotAuthorizedException', 'Password attempts exceeded'), operation: 'signIn' },
  { spec: 'Network error. Please check your connection.', error: cognito('NetworkError', 'A network error has occurred.'), operation: 'signIn' },
  { spec: 'Network error. Please check your connection.', error: new TypeError('Failed to fetch'), operation: 'resetPassword' },
  {
    spec: 'This email address is not authorized to create an account. Only registered parents and staff can create accounts.',
    error: cognito('UserLambdaValidationException', `PreSignUp failed with error ${SIGN_UP_REJECTED}.`),
    operation: 'signUp',
  },
  {
    spec: 'Please verify your email address before signing in. Check your inbox for a verification link.',
    error: cognito(EMAIL_NOT_VERIFIED_ERROR),
    operation: 'signIn',
  },
  { spec: 'No internet connection. Please check your network and try again.', error: cognito('NetworkError'), operation: 'signIn', online: false },
  { spec: 'Something odd happened in Cognito', error: cognito('InternalErrorException', 'Something odd happened in Cognito'), operation: 'signIn' },
  { spec: 'An unexpected error occurred', error: {}, operation: 'signIn' },
  // Appended hints.
  {
    spec: 'Too many failed attempts. Please try again later. The email sending limit may have been reached. Try again in a few hours.',
    error: cognito('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    operation: 'sendVerification',
  },
  {
    spec: 'Your session has expired. Sign in again to resend the verification email.',
    error: cognito('NotAuthorizedException', 'Access Token has been revoked'),
    operation: 'sendVerification',
  },
  {
    spec: 'Your session has expired. Sign in again to resend the verification email.',
    error: cognito('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.'),
    operation: 'sendVerification',
  },
];

/** Messages whose cause is the validation call or the verification page, not an exception: their wording only. */
const WORDING: Record<string, string> = {
  validationUnavailable: 'Email validation service temporarily unavailable. Please try again in a moment.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  validationServerError: 'Server error during email validation. Please try again.',
  notAuthorizedToRegister: 'This email is not authorized to create an account. Only registered parents and staff can register.',
  stillNotVerified: 'Your email is still not verified. Open the link in the email we sent you, then try again.',
  verificationCheckFailed: 'Failed to check verification status.',
};

describe('authentication messages', () => {
  it.each(CATALOGUE)('"$spec" from $operation', ({ spec, error, operation, online = true }) => {
    const mapped = toAuthMessage(error, operation, online);
    expect(authMessageText(en, mapped)).toBe(spec);
    const french = authMessageText(fr, mapped);
    expect(french.trim()).not.toBe('');
    // The raw message of an unknown error is shown as the service wrote it; everything else is translated.
    if (!mapped.raw) expect(french).not.toBe(spec);
  });

  it('words the validation and verification messages as the product does, in both languages', () => {
    for (const [key, spec] of Object.entries(WORDING)) {
      const message = { key, hints: [] } as unknown as AuthMessage;
      expect(authMessageText(en, message)).toBe(spec);
      expect(authMessageText(fr, message)).not.toBe(spec);
    }
    expect(en('auth.emailCheck.authorized')).toBe('Email is authorized - you can create an account');
    expect(fr('auth.emailCheck.authorized')).toBe('Ce courriel est autorisé\u00a0: vous pouvez créer un compte');
  });

  it('has a French and an English text for every message and hint key', () => {
    for (const key of AUTH_MESSAGE_KEYS) {
      for (const lng of ['fr', 'en'] as const) {
        expect(i18n.exists(`auth.messages.${key}`, { lng, fallbackLng: false }), `${lng} auth.messages.${key}`).toBe(true);
      }
      expect(fr(`auth.messages.${key}`)).not.toBe(en(`auth.messages.${key}`));
    }
    for (const hint of AUTH_HINT_KEYS) {
      for (const lng of ['fr', 'en'] as const) {
        expect(i18n.exists(`auth.hints.${hint}`, { lng, fallbackLng: false }), `${lng} auth.hints.${hint}`).toBe(true);
      }
    }
  });

  it('reads a wrong password as "incorrect password" only when signing in', () => {
    // In Cognito, InvalidPasswordException outside sign-in means the new password breaks the policy.
    expect(toAuthMessage(cognito('InvalidPasswordException'), 'signIn', true).key).toBe('incorrectPassword');
    expect(toAuthMessage(cognito('InvalidPasswordException'), 'signUp', true).key).toBe('weakPassword');
    expect(toAuthMessage(cognito('NotAuthorizedException', 'Invalid session'), 'confirmResetPassword', true).key).toBe(
      'unexpected',
    );
  });

  it('maps the emailed codes going wrong', () => {
    expect(toAuthMessage(cognito('CodeMismatchException'), 'confirmVerification', true).key).toBe('codeMismatch');
    expect(toAuthMessage(cognito('ExpiredCodeException'), 'confirmResetPassword', true).key).toBe('codeExpired');
  });

  it('keeps a PreSignUp failure that is not the registry refusal as the raw message', () => {
    const mapped = toAuthMessage(cognito('UserLambdaValidationException', 'PreSignUp failed with error Boom.'), 'signUp', true);
    expect(mapped).toEqual({ key: 'unexpected', hints: [], raw: 'PreSignUp failed with error Boom.' });
  });
});
