import { removeAccountsByEmail } from '../common/cognito';
import { logger } from '../common/logger';
import { findRegisteredPeople } from './registry-repository';

/**
 * After people leave the authorised-email index (an admin deleted them, or changed their email), the sign-in
 * accounts of each email that nobody registered holds any more are signed out everywhere and deleted, so a
 * person who left the school keeps no account. An email another registered person still uses (a staff member
 * who is also a parent, a shared family address) keeps its account.
 *
 * Best effort, after the directory write has committed: the server already refuses an email that is not in the
 * index at every request (docs/auth.md), so a Cognito failure here changes nothing about access. It is logged
 * (without the email) and the request still succeeds. Returns how many accounts were deleted.
 */
export async function removeUnregisteredAccounts(emails: readonly (string | undefined)[]): Promise<number> {
  let removed = 0;
  for (const email of new Set(emails.filter((e): e is string => !!e).map((e) => e.toLowerCase()))) {
    try {
      if ((await findRegisteredPeople(email)).length > 0) continue;
      removed += await removeAccountsByEmail(email);
    } catch (error) {
      logger.warn('account removal failed; access is already refused by the registry', {
        errorName: (error as Error)?.name,
      });
    }
  }
  return removed;
}
