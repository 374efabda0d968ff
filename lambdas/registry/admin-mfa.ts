import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../common/claims';
import { AdminSetUserMFAPreferenceCommand, AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, hasTotpMfa, userPoolId, usernamesByEmail } from '../common/cognito';
import { documentClient, tableName } from '../common/dynamo';
import { ENV, optionalEnv } from '../common/env';
import { AppError } from '../common/errors';
import { keys } from '../common/keys';
import { logger } from '../common/logger';

/**
 * Administrators need a second factor (docs/auth.md "Second factor"), and it holds per session, not per account:
 * with ADMIN_MFA_REQUIRED an admin request passes only when
 * - the account has a TOTP authenticator (read from Cognito on every admin request), else 403 MFA_REQUIRED;
 * - the server has recorded that authenticator (GET /api/me records it, signs every session out and emails the
 *   administrator: lambdas/auth/mfa-enrolment.ts), and the token's sign-in (`auth_time`) came after it, else
 *   401 MFA_SIGN_IN_AGAIN: a session opened with the password alone before the enrolment never becomes an admin one.
 * An authenticator removed since it was recorded makes the record void (deleted here): the next one added is
 * recorded, announced and signed in again like the first.
 */
export function adminMfaRequired(): boolean {
  return optionalEnv(ENV.adminMfaRequired) === 'true';
}

/** Epoch seconds at which the server recorded the account's authenticator; undefined when it never did. */
export async function enrolmentOf(username: string): Promise<number | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.adminMfaEnrolment(username), ConsistentRead: true }),
  );
  const at = result.Item?.enrolledAt;
  return typeof at === 'number' ? at : undefined;
}

/** Records an authenticator once: true when this call wrote the record (nobody had recorded it yet). */
export async function recordEnrolment(username: string, enrolledAt: number): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.adminMfaEnrolment(username), type: 'ADMIN_MFA_ENROLMENT', enrolledAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function forgetEnrolment(username: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.adminMfaEnrolment(username) }));
}

export const accountName = (caller: Caller): string => caller.username ?? caller.sub;

/** Revokes every refresh token of the account (and, in AWS, its access tokens for Cognito's own API). */
export async function signOutEverywhere(username: string): Promise<void> {
  await cognitoClient().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: username }));
}

/**
 * True when MFA is required and this caller's account has none (the guard answers MFA_REQUIRED); throws
 * MFA_SIGN_IN_AGAIN when it has one but this session predates it (or it was never recorded).
 */
export async function lacksAdminMfa(caller: Caller): Promise<boolean> {
  if (!adminMfaRequired()) return false;
  const username = accountName(caller);
  const [enrolled, recordedAt] = await Promise.all([hasTotpMfa(username), enrolmentOf(username)]);
  if (!enrolled) {
    if (recordedAt !== undefined) {
      // Removed since it was recorded: no session keeps going on the strength of it, and the next one is announced.
      await forgetEnrolment(username);
      await signOutEverywhere(username);
      logger.warn('admin authenticator removed since recorded');
    }
    return true;
  }
  // Whole seconds on both sides: a sign-in in the very second of the record is refused too (the person signs in
  // again, which takes longer than a second).
  if (recordedAt === undefined || caller.authTime === undefined || caller.authTime <= recordedAt) {
    throw new AppError('MFA_SIGN_IN_AGAIN');
  }
  return false;
}

/**
 * A newly granted (or handed-over) administrator enrols before the role takes effect: an authenticator their
 * account already had (added by anyone, at any time, while nobody was told) is switched off, its record
 * forgotten and every session signed out, so the admin pages ask for a new enrolment, which is recorded and
 * emailed like any other. Only when the deployment requires the second factor; an account not made yet has nothing.
 */
export async function requireFreshEnrolment(email: string): Promise<void> {
  if (!adminMfaRequired()) return;
  for (const username of await usernamesByEmail(email)) {
    await forgetEnrolment(username);
    await cognitoClient().send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: userPoolId(),
        Username: username,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    await signOutEverywhere(username);
  }
}
