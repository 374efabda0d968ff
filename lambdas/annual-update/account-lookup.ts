import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, userPoolId } from '../common/cognito';
import { logger } from '../common/logger';

/**
 * Whether a Cognito account exists for an email, for the update-success page (sign in vs create an account).
 * ListUsers with an `email = "..."` filter (Cognito's documented exact-match filter), one result at most.
 * Null when Cognito could not be asked: the answer is a convenience, and the parent's data is already saved.
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_ListUsers.html
 */
export async function hasAccount(email: string | undefined): Promise<boolean | null> {
  if (!email) return false;
  try {
    const result = await cognitoClient().send(
      new ListUsersCommand({
        UserPoolId: userPoolId(),
        // Emails are validated (no quotes, no backslashes in practice); escape anyway so the filter stays one value.
        Filter: `email = "${email.replace(/["\\]/g, (c) => `\\${c}`)}"`,
        Limit: 1,
      }),
    );
    return (result.Users?.length ?? 0) > 0;
  } catch (error) {
    logger.error('account lookup failed', { errorName: (error as Error)?.name });
    return null;
  }
}
