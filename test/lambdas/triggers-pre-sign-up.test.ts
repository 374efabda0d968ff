import {
  AdminGetUserCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/triggers/pre-sign-up';
import { SIGN_UP_REJECTED } from '@shared/contracts/auth-api';
import type { StackInfo } from '../../local/stack-info';
import { useStack } from '../support/stack';
import { registerPerson, stackCognito, uniqueEmail } from './auth-support';

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
});
afterAll(() => cognito.destroy());

/** A PreSignUp event shaped like the one Cognito sends (and cognito-local mimics). */
function preSignUpEvent(
  attributes: Record<string, string>,
  triggerSource: PreSignUpTriggerEvent['triggerSource'] = 'PreSignUp_SignUp',
): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'ca-central-1',
    userPoolId: 'ca-central-1_test',
    userName: 'd3b07384-d9a0-4c9b-8f3e-1f0c2f9b0a11',
    callerContext: { awsSdkVersion: 'test', clientId: 'client' },
    triggerSource,
    request: { userAttributes: attributes, clientMetadata: { locale: 'fr' } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

describe('pre-sign-up trigger (in process)', () => {
  it('confirms a registered email but never marks it verified', async () => {
    const email = uniqueEmail('signup');
    await registerPerson(email);

    const result = await handler(preSignUpEvent({ email }));

    expect(result.response).toEqual({ autoConfirmUser: true, autoVerifyEmail: false, autoVerifyPhone: false });
  });

  it('refuses a registered email typed in another case or with spaces, with the same message', async () => {
    const email = uniqueEmail('signup-case');
    await registerPerson(email);
    const variants = [email.toUpperCase(), `${email[0]!.toUpperCase()}${email.slice(1)}`, ` ${email}`];

    for (const variant of variants) {
      await expect(handler(preSignUpEvent({ email: variant })), variant).rejects.toThrow(SIGN_UP_REJECTED);
    }
  });

  it('refuses unknown, malformed and missing emails with one and the same message', async () => {
    const messages: string[] = [];
    const cases: Record<string, string>[] = [{ email: uniqueEmail('unknown') }, { email: 'pas-un-courriel' }, {}];
    for (const attributes of cases) {
      const error = await handler(preSignUpEvent(attributes)).then(
        () => undefined,
        (e: Error) => e,
      );
      messages.push(error?.message ?? 'accepted');
    }

    expect(messages).toEqual([SIGN_UP_REJECTED, SIGN_UP_REJECTED, SIGN_UP_REJECTED]);
  });

  it('applies the registry rule to AdminCreateUser too, without confirming (Cognito handles that flow)', async () => {
    const email = uniqueEmail('admin-created');
    await registerPerson(email, 'STAFF');

    const accepted = await handler(preSignUpEvent({ email }, 'PreSignUp_AdminCreateUser'));
    const refused = handler(preSignUpEvent({ email: uniqueEmail('x') }, 'PreSignUp_AdminCreateUser'));

    expect(accepted.response.autoConfirmUser).toBe(false);
    expect(accepted.response.autoVerifyEmail).toBe(false);
    await expect(refused).rejects.toThrow(SIGN_UP_REJECTED);
  });
});

describe('pre-sign-up trigger through cognito-local', () => {
  function signUp(email: string) {
    return cognito.send(
      new SignUpCommand({
        ClientId: stack.userPoolClientId,
        Username: email,
        Password: 'Bottin2025',
        UserAttributes: [{ Name: 'email', Value: email }],
        ClientMetadata: { locale: 'fr' },
      }),
    );
  }

  /** Sign-up of `tried` is refused by the trigger with its one sentence, and no account exists for `email`. */
  async function expectRefused(tried: string, email: string) {
    const error = await signUp(tried).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.name).toBe('UserLambdaValidationException');
    expect(error?.message).toContain(SIGN_UP_REJECTED);
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  }

  it('refuses to create an account for an unregistered email', async () => {
    const email = uniqueEmail('cognito-stranger');

    await expectRefused(email, email);
  });

  it('refuses a case variant of a registered address (Stephanie.Benammar@Courriel.Example): no account', async () => {
    const email = uniqueEmail('cognito-case');
    await registerPerson(email);
    const variant = email.replace(/^c/, 'C').replace('@test.example', '@Test.Example');

    await expectRefused(variant, email);
    // The parent's own sign-up still works.
    expect((await signUp(email)).UserConfirmed).toBe(true);
  });

  it('treats an email of another case as the same account, as the AWS pool does (sign-in, sign-up)', async () => {
    const email = uniqueEmail('cognito-alias');
    await registerPerson(email);
    await signUp(email);
    const variant = email.toUpperCase();

    await expect(signUp(variant)).rejects.toMatchObject({ name: 'UsernameExistsException' });
    const signedIn = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: variant, PASSWORD: 'Bottin2025' },
      }),
    );
    expect(signedIn.AuthenticationResult?.IdToken).toBeDefined();
  });

  it('creates a confirmed account with an unverified email for a registered parent', async () => {
    const email = uniqueEmail('cognito-parent');
    await registerPerson(email);

    const result = await signUp(email);
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));

    expect(result.UserConfirmed).toBe(true);
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).not.toBe('true');
  });
});
