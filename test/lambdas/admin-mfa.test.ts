import {
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { handler as authHandler } from '../../lambdas/auth/index';
import { grantRole } from '../../lambdas/registry/admin-roles';
import { totpCode } from '../../local/totp';
import type { StackInfo } from '../../local/stack-info';
import { createAccount } from '../e2e/auth-support';
import { useStack } from '../support/stack';
import { apiEvent, claimsFor, registerPerson, stackCognito, uniqueEmail } from './auth-support';

/**
 * Administrators need a second factor when the deployment requires it (docs/auth.md "Administrators"): the admin
 * routes answer 403 MFA_REQUIRED and GET /api/me says so until the account has an authenticator, read from the
 * user pool on every request. Real handlers, the stack's cognito-local.
 */
const PASSWORD = 'Double2026';
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
});
afterAll(() => cognito.destroy());
afterEach(() => vi.unstubAllEnvs());

async function administrator(label: string) {
  const email = uniqueEmail(label);
  await registerPerson(email, 'STAFF', 'Admin Double');
  await createAccount(stack, email, PASSWORD, true);
  await grantRole({ email }, { kind: 'system', id: 'test' });
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
  const sub = user.UserAttributes!.find((a) => a.Name === 'sub')!.Value!;
  const claims = { ...claimsFor(email, { sub }), 'cognito:username': user.Username! };
  const adminRead = () => adminHandler(apiEvent({ method: 'GET', resource: '/api/admin/directory', claims }));
  const me = async () => JSON.parse((await authHandler(apiEvent({ method: 'GET', resource: '/api/me', claims }))).body);
  return { email, adminRead, me };
}

async function enrolAuthenticator(email: string): Promise<void> {
  const signedIn = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  const AccessToken = signedIn.AuthenticationResult!.AccessToken!;
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode!) }));
  await cognito.send(
    new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
}

describe('second factor for administrators', () => {
  it('when required: 403 MFA_REQUIRED and GET /api/me asks for enrolment until an authenticator is enrolled', async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'true');
    const admin = await administrator('mfa-required');

    const refused = await admin.adminRead();
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ error: { code: 'MFA_REQUIRED' } });
    expect(await admin.me()).toMatchObject({ isAdmin: true, mfaSetupRequired: true });

    await enrolAuthenticator(admin.email);
    expect((await admin.adminRead()).statusCode).toBe(200);
    const me = await admin.me();
    expect(me.isAdmin).toBe(true);
    expect(me).not.toHaveProperty('mfaSetupRequired');
  });

  it('when not required (the local default), an administrator without an authenticator is served', async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'false');
    const admin = await administrator('mfa-off');
    expect((await admin.adminRead()).statusCode).toBe(200);
    expect(await admin.me()).not.toHaveProperty('mfaSetupRequired');
  });
});
