import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../local/ses';
import type { StackInfo } from '../../local/stack-info';
import { useStack } from '../support/stack';
import { createPoolUser, registerPerson, stackCognito, uniqueEmail } from './auth-support';

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
});
afterAll(() => cognito.destroy());

const PASSWORD = 'Bottin2025';

async function verifiedParent(label: string): Promise<{ email: string; accessToken: string }> {
  const email = uniqueEmail(label);
  await registerPerson(email);
  await createPoolUser(cognito, stack.userPoolId, email, true);
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: stack.userPoolId, Username: email, Password: PASSWORD, Permanent: true }),
  );
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return { email, accessToken: auth.AuthenticationResult!.AccessToken! };
}

async function emailOf(username: string): Promise<string | undefined> {
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: username }));
  return user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
}

describe('a member cannot change their sign-in email (local stack)', () => {
  it('refuses UpdateUserAttributes to another parent’s address: no email to them, the address unchanged', async () => {
    const attacker = await verifiedParent('taker');
    const victim = await verifiedParent('victim');

    await expect(
      cognito.send(
        new UpdateUserAttributesCommand({
          AccessToken: attacker.accessToken,
          UserAttributes: [{ Name: 'email', Value: victim.email }],
        }),
      ),
      // As Cognito answers a refusing trigger: 400, not a server error.
    ).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining('ATTRIBUTE_UPDATE_REFUSED'),
      $metadata: { httpStatusCode: 400 },
    });

    expect(await emailOf(attacker.email)).toBe(attacker.email);
    const mail = (await readMailbox(stack.mailboxUrl)).filter((m) => m.destination.to.includes(victim.email));
    expect(mail).toEqual([]);
  });

  it('refuses attributes outside the app client’s write list, and still lets a member set their name', async () => {
    const member = await verifiedParent('writer');

    await expect(
      cognito.send(
        new UpdateUserAttributesCommand({
          AccessToken: member.accessToken,
          UserAttributes: [{ Name: 'phone_number', Value: '+15145551234' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    await cognito.send(
      new UpdateUserAttributesCommand({
        AccessToken: member.accessToken,
        UserAttributes: [{ Name: 'name', Value: 'Marie-Ève Côté' }],
      }),
    );
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: member.email }),
    );
    expect(user.UserAttributes?.find((a) => a.Name === 'name')?.Value).toBe('Marie-Ève Côté');
    expect(user.UserAttributes?.find((a) => a.Name === 'phone_number')).toBeUndefined();
  });
});
