import { SIGN_UP_REJECTED } from '@shared/contracts/auth-constants';

/**
 * The authentication messages (docs/product-rules.md), as translation keys (`auth.messages.<key>`, `auth.hints.<hint>`).
 * Cognito, cognito-local and the browser all fail in their own words; everything is funnelled through
 * `toAuthMessage` so one error always reads the same, in the app's language.
 */
export const AUTH_MESSAGE_KEYS = [
  'userNotFound',
  'incorrectPassword',
  'invalidCredentials',
  'emailExists',
  'weakPassword',
  'invalidEmail',
  'tooManyAttempts',
  'network',
  'signUpNotAuthorized',
  'notAuthorizedToRegister',
  'emailNotVerified',
  'offline',
  'validationUnavailable',
  'rateLimited',
  'validationServerError',
  'unexpected',
  'stillNotVerified',
  'verificationCheckFailed',
  'offlineRegistration',
  'codeMismatch',
  'codeExpired',
  'sessionExpired',
] as const;
export type AuthMessageKey = (typeof AUTH_MESSAGE_KEYS)[number];

/** Advice appended to a message (docs/product-rules.md, "Messages and languages"). */
export const AUTH_HINT_KEYS = ['sendingLimit', 'signInToResend'] as const;
export type AuthHintKey = (typeof AUTH_HINT_KEYS)[number];

export interface AuthMessage {
  key: AuthMessageKey;
  hints: AuthHintKey[];
  /** For `unexpected` only: the service's own wording, shown as is (the raw message). */
  raw?: string;
}

/** What the user was doing: the same Cognito error means different things in different calls. */
export type AuthOperation =
  | 'signIn'
  | 'signUp'
  | 'sendVerification'
  | 'confirmVerification'
  | 'checkVerification'
  | 'resetPassword'
  | 'confirmResetPassword'
  | 'updateProfile';

/** Thrown by the auth layer with its message already chosen. */
export class AuthFailure extends Error {
  constructor(
    readonly authMessage: AuthMessage,
    cause?: unknown,
  ) {
    super(authMessage.key, { cause });
    this.name = 'AuthFailure';
  }
}

/** Our own error for "signed in, but the email is not verified" (docs/product-rules.md, "Accounts"). */
export const EMAIL_NOT_VERIFIED_ERROR = 'EmailNotVerifiedException';

export const message = (key: AuthMessageKey, hints: AuthHintKey[] = [], raw?: string): AuthMessage =>
  raw === undefined ? { key, hints } : { key, hints, raw };

function errorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string') return error.name;
  return '';
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/**
 * The request never got an answer. Amplify says NetworkError; a bare fetch throws a TypeError that browsers word
 * differently (Chrome "Failed to fetch", Firefox "NetworkError when ...", Safari "Load failed").
 */
export function isNetworkError(error: unknown): boolean {
  const name = errorName(error);
  if (name === 'NetworkError') return true;
  return name === 'TypeError' && /fetch|network|load failed/i.test(errorText(error));
}

const SESSION_GONE = new Set(['UserUnAuthenticatedException', 'NotAuthorizedException', 'UserNotFoundException']);
const VERIFICATION_SESSION_OPS = new Set<AuthOperation>(['sendVerification', 'confirmVerification', 'checkVerification']);

/**
 * Turns anything thrown by Amplify, fetch or our own code into one of the authentication messages (docs/product-rules.md).
 * `online` is passed in (default: the browser's flag) so tests can pin it.
 */
export function toAuthMessage(
  error: unknown,
  operation: AuthOperation,
  online: boolean = typeof navigator === 'undefined' ? true : navigator.onLine,
): AuthMessage {
  if (error instanceof AuthFailure) return error.authMessage;
  const name = errorName(error);
  const text = errorText(error);

  if (!online) return message('offline');
  if (isNetworkError(error)) return message('network');
  if (name === EMAIL_NOT_VERIFIED_ERROR) return message('emailNotVerified');

  // Verification calls need the session: whatever says "no session" means "sign in again" there.
  if (VERIFICATION_SESSION_OPS.has(operation) && SESSION_GONE.has(name) && !/attempts exceeded/i.test(text)) {
    return message('sessionExpired', operation === 'sendVerification' ? ['signInToResend'] : []);
  }

  switch (name) {
    case 'UserNotFoundException':
      return message('userNotFound');
    case 'NotAuthorizedException':
      // Cognito reuses this exception for the lock-out after repeated wrong passwords.
      if (/attempts exceeded/i.test(text)) return message('tooManyAttempts');
      // On sign-in it says "wrong password" and "no such account" alike (AWS with PreventUserExistenceErrors:
      // "Incorrect username or password."; cognito-local: an unknown address), so it must not blame the password.
      if (operation === 'signIn') return message('invalidCredentials');
      break;
    case 'InvalidPasswordException':
      // cognito-local answers a wrong password of an existing account with this; real Cognito uses it for a
      // policy violation.
      return message(operation === 'signIn' ? 'incorrectPassword' : 'weakPassword');
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return message('emailExists');
    case 'InvalidParameterException':
      if (/password/i.test(text)) return message('weakPassword');
      if (/email|username/i.test(text)) return message('invalidEmail');
      break;
    case 'UserLambdaValidationException':
      if (text.includes(SIGN_UP_REJECTED)) return message('signUpNotAuthorized');
      break;
    case 'LimitExceededException':
      return message(
        'tooManyAttempts',
        operation === 'sendVerification' || operation === 'resetPassword' ? ['sendingLimit'] : [],
      );
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
    case 'PasswordAttemptsExceededException':
      return message('tooManyAttempts');
    case 'CodeMismatchException':
      return message('codeMismatch');
    case 'ExpiredCodeException':
      return message('codeExpired');
    case 'CodeDeliveryFailureException':
      return message('unexpected', ['sendingLimit'], text || undefined);
  }
  return message('unexpected', [], text.trim() ? text : undefined);
}
