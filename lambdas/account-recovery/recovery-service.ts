import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { RECOVERY_LINK, RECOVERY_TOKEN_TTL_SECONDS } from '@shared/contracts/account-recovery-api';
import type { AuthLocale } from '@shared/contracts/auth-api';
import { normalizeEmail } from '@shared/rules/email';
import { passwordIssues } from '@shared/rules/password';
import { cognitoClient, userPoolId } from '../common/cognito';
import { ENV, requireEnv } from '../common/env';
import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { defaultMailer, type Mailer } from '../common/mailer';
import { hitRateLimit, type RateLimitDecision, type RateLimitRule } from '../common/rate-limit';
import { findRegisteredPeople } from '../registry/public';
import { recoveryEmail } from './recovery-email';
import {
  hashRecoveryToken,
  isWellFormedRecoveryToken,
  newRecoveryToken,
  putRecoveryToken,
  takeRecoveryToken,
} from './recovery-repository';

/** Per client address: enough for a family behind one router, too few to test the registry at scale. */
const PER_CLIENT: RateLimitRule = { name: 'recoveryStart', limit: 10, windowSeconds: 60 };
/** Per email: a few links an hour, so nobody can flood a parent's mailbox through this route. */
const PER_EMAIL: RateLimitRule = { name: 'recoveryEmail', limit: 3, windowSeconds: 3600 };

export const limitRecoveryStarts = (clientIp: string): Promise<RateLimitDecision> => hitRateLimit(PER_CLIENT, clientIp);

/**
 * How long POST /api/account-recovery/start takes, whatever the address: longer than the work takes in practice
 * (a registry Query, ListUsers, a Put and an SES send, about 60 ms locally and a few hundred in AWS), short enough
 * for a person who just pressed a button.
 */
export const START_ANSWER_MS = 400;

/**
 * Answers no sooner than the floor, and not before the work is done: the work (which emails a link in one case only,
 * and so takes longer then) ends well inside the floor, so the response time says nothing about the address. The
 * answer waits for the work too, because Lambda freezes whatever is still running once the answer leaves (an email
 * could be lost); only work slower than the floor (a stalled Cognito) shows in the time. A failure of the work is
 * logged (without the address); the caller gets its 202 all the same.
 */
export async function answerAfterFloor(work: Promise<void>, floorMs: number = START_ANSWER_MS): Promise<void> {
  const done = work.catch((error: unknown) => logger.error('recovery start failed', { errorName: (error as Error)?.name }));
  await Promise.all([done, new Promise((resolve) => setTimeout(resolve, floorMs))]);
}

interface PoolAccount {
  username: string;
  verified: boolean;
}

async function accountsByEmail(email: string): Promise<PoolAccount[]> {
  const escaped = email.replace(/["\\]/g, (c) => `\\${c}`);
  const page = await cognitoClient().send(
    new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `email = "${escaped}"` }),
  );
  return (page.Users ?? []).flatMap((user) =>
    user.Username
      ? [{ username: user.Username, verified: user.Attributes?.some((a) => a.Name === 'email_verified' && a.Value === 'true') === true }]
      : [],
  );
}

/**
 * Emails a takeover link only when the address belongs to a registered person and its only account was never
 * confirmed. Every other case (unknown address, confirmed account, no account, too many requests for this
 * address) does nothing, and the caller answers the same 202 whatever happened, so the route reveals nothing.
 */
export async function startRecovery(
  email: string,
  locale: AuthLocale,
  mailer: Mailer = defaultMailer(),
  now: number = Date.now(),
): Promise<void> {
  if (!(await hitRateLimit(PER_EMAIL, email, now)).allowed) return;
  if ((await findRegisteredPeople(email)).length === 0) return;
  const accounts = await accountsByEmail(email);
  if (accounts.length !== 1 || accounts[0]!.verified) return;
  const { token, tokenHash } = newRecoveryToken();
  await putRecoveryToken({
    tokenHash,
    email,
    username: accounts[0]!.username,
    expiresAt: Math.floor(now / 1000) + RECOVERY_TOKEN_TTL_SECONDS,
  });
  const base = requireEnv(ENV.publicBaseUrl).replace(/\/+$/, '');
  const link = `${base}${RECOVERY_LINK.path}?${RECOVERY_LINK.tokenParam}=${token}`;
  await mailer.send(recoveryEmail(email, locale, link));
  logger.info('recovery link sent');
}

/**
 * Gives the unconfirmed account to the person who opened the emailed link: sets their password, marks the email
 * verified (opening the link proved the mailbox), and signs every existing session out, so whoever created the
 * account keeps nothing. The link is spent first, in one write, so it works once; if Cognito fails after that,
 * the account is still unconfirmed and the person asks for a new link from the sign-up page.
 */
export async function completeRecovery(token: string, password: string, now: number = Date.now()): Promise<string> {
  const issues = passwordIssues(password);
  if (issues.length > 0) {
    throw new AppError('VALIDATION_FAILED', issues.map((issue) => ({ path: 'password', issue })));
  }
  if (!isWellFormedRecoveryToken(token)) throw new AppError('TOKEN_INVALID');
  const stored = await takeRecoveryToken(hashRecoveryToken(token));
  if (!stored) throw new AppError('TOKEN_INVALID');
  if (stored.expiresAt * 1000 <= now) throw new AppError('TOKEN_EXPIRED');
  if (!(await stillUnconfirmed(stored.username, stored.email))) throw new AppError('TOKEN_EXPIRED');
  const pool = userPoolId();
  const client = cognitoClient();
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: pool, Username: stored.username, Password: password, Permanent: true }),
  );
  await client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: pool,
      Username: stored.username,
      // The unchanged email goes with the flag: cognito-local refuses email_verified alone (Cognito accepts both).
      UserAttributes: [
        { Name: 'email', Value: stored.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool, Username: stored.username }));
  logger.info('recovery completed');
  return stored.email;
}

/** The account still exists, still has the emailed address, and is still unconfirmed; its person still registered. */
async function stillUnconfirmed(username: string, email: string): Promise<boolean> {
  try {
    const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
    // The pool compares emails without case (an account made before sign-up refused other cases may hold one).
    if (normalizeEmail(attribute('email') ?? '') !== email || attribute('email_verified') === 'true') return false;
  } catch (error) {
    if ((error as Error)?.name === 'UserNotFoundException') return false;
    throw error;
  }
  return (await findRegisteredPeople(email)).length > 0;
}
