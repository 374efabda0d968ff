import {
  AdminDeleteUserCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, userPoolId } from '../common/cognito';
import { logger } from '../common/logger';

/**
 * Scheduled (EventBridge): deletes accounts whose email is still unverified a day after sign-up. Sign-up only
 * proves someone typed a registered address, not that they own it; without the purge a stranger could sit on a
 * parent's address and the parent could never register. 24 h matches the life of Cognito's verification code.
 */
export const UNVERIFIED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface PurgeOptions {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  /** Injected so tests can move the clock instead of waiting a day. */
  now: number;
  maxAgeMs?: number;
}

export interface PurgeReport {
  scanned: number;
  deleted: number;
  failed: number;
}

function isStale(user: UserType, cutoff: number): boolean {
  const verified = user.Attributes?.find((a) => a.Name === 'email_verified')?.Value === 'true';
  const created = user.UserCreateDate?.getTime();
  return !verified && created !== undefined && created < cutoff;
}

export async function purgeUnverifiedUsers(options: PurgeOptions): Promise<PurgeReport> {
  const cutoff = options.now - (options.maxAgeMs ?? UNVERIFIED_MAX_AGE_MS);
  // Collect first, delete after: deleting while paging could shift the pages under the pagination token.
  // ListUsers cannot filter on email_verified (not a searchable attribute), so the filter runs here.
  const stale: string[] = [];
  let scanned = 0;
  let token: string | undefined;
  do {
    const page = await options.client.send(
      new ListUsersCommand({ UserPoolId: options.userPoolId, Limit: 60, PaginationToken: token }),
    );
    for (const user of page.Users ?? []) {
      scanned += 1;
      if (user.Username && isStale(user, cutoff)) stale.push(user.Username);
    }
    token = page.PaginationToken;
  } while (token);

  let deleted = 0;
  let failed = 0;
  // One at a time: AdminDeleteUser has a low request quota and a school has at most a handful each day.
  for (const username of stale) {
    try {
      await options.client.send(new AdminDeleteUserCommand({ UserPoolId: options.userPoolId, Username: username }));
      deleted += 1;
    } catch (error) {
      // One failure (a user deleted meanwhile, a throttle) should not stop the others; the next run retries it.
      failed += 1;
      logger.warn('purge: delete failed', { errorName: (error as Error).name });
    }
  }
  return { scanned, deleted, failed };
}

export async function handler(): Promise<PurgeReport> {
  const report = await purgeUnverifiedUsers({ client: cognitoClient(), userPoolId: userPoolId(), now: Date.now() });
  logger.info('purge of unverified accounts', { ...report });
  return report;
}
