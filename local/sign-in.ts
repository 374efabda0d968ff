import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createCognitoClient } from '../lambdas/common/cognito';
import type { DemoAccount, StackInfo } from './stack-info';

/**
 * Signs in to a local stack's user pool with USER_PASSWORD_AUTH, as the app does, and returns the ID token the
 * API expects (`Authorization: Bearer <token>`). For benchmarks and tests that call the API over HTTP.
 */
export async function idTokenFor(stack: StackInfo, email: string, password: string): Promise<string> {
  const cognito = createCognitoClient({ endpoint: stack.cognitoEndpoint, region: stack.region });
  try {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return auth.AuthenticationResult!.IdToken!;
  } finally {
    cognito.destroy();
  }
}

/** ID tokens of the demo accounts (administrator, parent, staff member, class representative), by role. */
export async function demoTokens(stack: StackInfo): Promise<Record<DemoAccount['role'], string>> {
  const entries = await Promise.all(
    stack.demoAccounts.map(async (a) => [a.role, await idTokenFor(stack, a.email, a.password)] as const),
  );
  return Object.fromEntries(entries) as Record<DemoAccount['role'], string>;
}
