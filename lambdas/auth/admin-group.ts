import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../routes';
import { cognitoClient, userPoolId } from '../common/cognito';

/**
 * Puts a user in the `admins` group. `username` is the token's `sub`: with email sign-in the Cognito username is
 * the sub, and Admin* calls accept it (cognito-local too). Idempotent: adding a member again is a no-op.
 */
export async function addToAdminGroup(username: string): Promise<void> {
  await cognitoClient().send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: username, GroupName: ADMIN_GROUP }),
  );
}
