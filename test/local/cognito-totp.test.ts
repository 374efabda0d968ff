import {
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackInfo } from '../../local/stack-info';
import { totpCode } from '../../local/totp';
import { createAccount } from '../e2e/auth-support';
import { registerPerson, stackCognito, uniqueEmail } from '../lambdas/auth-support';
import { useStack } from '../support/stack';

/**
 * The local user pool supports what administrators need (docs/auth.md): enrolling an authenticator app and the
 * SOFTWARE_TOKEN_MFA challenge at sign-in, with codes computed by local/totp.ts as an app would.
 */

const PASSWORD = 'Totp2026';
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
});
afterAll(() => cognito.destroy());

const signIn = (email: string) =>
  cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );

describe('TOTP on the local user pool', () => {
  it('enrols an authenticator app, then asks for its code at every sign-in', async () => {
    const email = uniqueEmail('totp');
    await registerPerson(email, 'STAFF', 'Admin TOTP');
    await createAccount(stack, email, PASSWORD, true);
    const first = await signIn(email);
    const accessToken = first.AuthenticationResult!.AccessToken!;

    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    const wrong = await cognito
      .send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: '000000' }))
      .then(() => 'accepted', (error: Error) => error.name);
    await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode!) }));
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
    const challenged = await signIn(email);
    const refused = await cognito
      .send(
        new RespondToAuthChallengeCommand({
          ClientId: stack.userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: challenged.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: '000000' },
        }),
      )
      .then(() => 'accepted', (error: Error) => error.name);
    const again = await signIn(email);
    const answered = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: stack.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: again.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(SecretCode!) },
      }),
    );

    expect(SecretCode).toMatch(/^[A-Z2-7]+=*$/);
    expect(wrong).not.toBe('accepted');
    expect(user.UserMFASettingList).toContain('SOFTWARE_TOKEN_MFA');
    expect(challenged.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenged.AuthenticationResult).toBeUndefined();
    expect(refused).not.toBe('accepted');
    expect(answered.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('does not ask accounts without TOTP for a code', async () => {
    const email = uniqueEmail('no-totp');
    await registerPerson(email);
    await createAccount(stack, email, PASSWORD, true);

    const result = await signIn(email);

    expect(result.ChallengeName).toBeUndefined();
    expect(result.AuthenticationResult?.IdToken).toBeTruthy();
  });
});
