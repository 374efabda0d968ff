import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createCognitoClient } from '../lambdas/common/cognito';
import type { DemoAccount, StackInfo } from './stack-info';

/** The tokens a sign-in gives (Cognito's AuthenticationResult). */
export interface SessionTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * Signs in to a local stack's user pool with USER_PASSWORD_AUTH, as the app does (features/auth/api/cognito-auth.ts),
 * and returns the session's tokens.
 */
export async function sessionTokensFor(stack: StackInfo, email: string, password: string): Promise<SessionTokens> {
  const cognito = createCognitoClient({ endpoint: stack.cognitoEndpoint, region: stack.region });
  try {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const result = auth.AuthenticationResult;
    if (!result?.IdToken || !result.AccessToken || !result.RefreshToken) throw new Error(`no session for ${email}: ${auth.ChallengeName ?? 'no tokens'}`);
    return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
  } finally {
    cognito.destroy();
  }
}

/** The ID token the API expects (`Authorization: Bearer <token>`), for benchmarks and tests that call the API over HTTP. */
export async function idTokenFor(stack: StackInfo, email: string, password: string): Promise<string> {
  return (await sessionTokensFor(stack, email, password)).idToken;
}

/** ID tokens of the demo accounts (administrator, parent, staff member, class representative), by role. */
export async function demoTokens(stack: StackInfo): Promise<Record<DemoAccount['role'], string>> {
  const entries = await Promise.all(
    stack.demoAccounts.map(async (a) => [a.role, await idTokenFor(stack, a.email, a.password)] as const),
  );
  return Object.fromEntries(entries) as Record<DemoAccount['role'], string>;
}
