import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { SIGN_UP_REJECTED } from '@shared/contracts/auth-api';
import { isValidEmail, normalizeEmail } from '@shared/rules/email';
import { logger } from '../common/logger';
import { findRegisteredPeople } from '../registry/public';

/**
 * Cognito PreSignUp: the rule "only registered parents and staff may create an account" is enforced here, not in
 * the browser (validateEmailV2 is only a hint for the form).
 *
 * - Every refusal throws the same message, so sign-up never tells a stranger whether an address is registered.
 * - The address must already be normalised (trimmed, lowercase: the app sends it so). The pool compares sign-in
 *   names without case, but the account keeps the email as typed: `Jean.Tremblay@Courriel.Example` would collide
 *   with the parent's own sign-up and be stored in a case that nothing else in the app uses (docs/auth.md).
 * - An accepted account is confirmed (no sign-up code to type) but its email is NOT marked verified: the person
 *   must still prove they own the mailbox with the verification link before the API lets them in.
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  const rawEmail = event.request.userAttributes.email;
  const email = typeof rawEmail === 'string' && rawEmail === normalizeEmail(rawEmail) ? rawEmail : '';
  const registered = isValidEmail(email) && (await findRegisteredPeople(email)).length > 0;
  if (!registered) {
    logger.info('sign-up refused', { triggerSource: event.triggerSource });
    throw new Error(SIGN_UP_REJECTED);
  }
  // Only self-service sign-up needs confirming: AdminCreateUser (operators, the local demo seed) gives its users
  // a temporary password to change instead, and the registry rule above applies to them all the same.
  if (event.triggerSource === 'PreSignUp_SignUp') event.response.autoConfirmUser = true;
  event.response.autoVerifyEmail = false;
  logger.info('sign-up accepted', { triggerSource: event.triggerSource });
  return event;
}
