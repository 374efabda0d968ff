import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ENV, optionalEnv, requireEnv } from './env';
import { withoutCallLogging } from './sdk-logging';

export interface CognitoClientOptions {
  /** cognito-local's URL; absent in AWS. */
  endpoint?: string;
  region?: string;
}

/**
 * A Cognito client. Against an emulator it gets explicit dummy credentials so the SDK never walks the credential
 * chain (which would probe instance metadata); in AWS it uses the default chain (the function's role).
 */
export function createCognitoClient(options: CognitoClientOptions = {}): CognitoIdentityProviderClient {
  return withoutCallLogging(new CognitoIdentityProviderClient({
    region: options.region ?? process.env.AWS_REGION ?? 'ca-central-1',
    maxAttempts: 4,
    ...(options.endpoint
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  }));
}

let client: CognitoIdentityProviderClient | undefined;

/** The function's one Cognito client, built from configuration (COGNITO_ENDPOINT locally). */
export function cognitoClient(): CognitoIdentityProviderClient {
  client ??= createCognitoClient({ endpoint: optionalEnv(ENV.cognitoEndpoint) });
  return client;
}

export function userPoolId(): string {
  return requireEnv(ENV.userPoolId);
}

/** Test hook: forget the cached client so a test can point the next one elsewhere. */
export function resetCognitoClient(): void {
  client = undefined;
}

/** Usernames of the pool's accounts whose email is exactly `email` (ListUsers' filter; emails are lowercased). */
export async function usernamesByEmail(
  email: string,
  options: { client?: CognitoIdentityProviderClient; userPoolId?: string } = {},
): Promise<string[]> {
  const client = options.client ?? cognitoClient();
  const escaped = email.replace(/["\\]/g, (c) => `\\${c}`);
  const usernames: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListUsersCommand({
        UserPoolId: options.userPoolId ?? userPoolId(),
        Filter: `email = "${escaped}"`,
        PaginationToken: token,
      }),
    );
    usernames.push(...(page.Users ?? []).map((user) => user.Username).filter((name): name is string => !!name));
    token = page.PaginationToken;
  } while (token);
  return usernames;
}

const isUserNotFound = (error: unknown) => (error as Error | undefined)?.name === 'UserNotFoundException';

/**
 * Removes every account of an email: signs it out everywhere first (revokes its refresh tokens, so no session
 * can be renewed), then deletes it. An account already gone is not an error, so a retry is safe. Returns how
 * many accounts were deleted by this call.
 */
export async function removeAccountsByEmail(
  email: string,
  options: { client?: CognitoIdentityProviderClient; userPoolId?: string } = {},
): Promise<number> {
  const client = options.client ?? cognitoClient();
  const pool = options.userPoolId ?? userPoolId();
  let deleted = 0;
  for (const username of await usernamesByEmail(email, { client, userPoolId: pool })) {
    try {
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool, Username: username }));
      await client.send(new AdminDeleteUserCommand({ UserPoolId: pool, Username: username }));
      deleted += 1;
    } catch (error) {
      if (!isUserNotFound(error)) throw error;
    }
  }
  return deleted;
}

/** Whether the account has a TOTP authenticator enrolled (Cognito then asks for its code at every sign-in). */
export async function hasTotpMfa(username: string): Promise<boolean> {
  const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
}
