import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { handler as authHandler } from '../../lambdas/auth/index';
import { grantRole, handOver } from '../../lambdas/registry/admin-roles';
import { totpCode } from '../../local/totp';
import type { StackInfo } from '../../local/stack-info';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { createAccount, mailTo } from '../e2e/auth-support';
import { useStack } from '../support/stack';
import { apiEvent, registerPerson, stackCognito, uniqueEmail } from './auth-support';

/**
 * Administrators need a second factor when the deployment requires it (docs/auth.md "Second factor"): the admin
 * routes answer 403 MFA_REQUIRED and GET /api/me says so until the account has an authenticator, read from the
 * user pool on every request; and a session counts only when it was opened after the server recorded that
 * authenticator (401 MFA_SIGN_IN_AGAIN). Real handlers, real tokens, the stack's cognito-local.
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

/** An ISO time for the directory record's meta fields. */
const stamp = new Date().toISOString();

/** The ID token's claims as API Gateway hands them to the function (strings), as the local gateway does. */
function claimsOf(idToken: string): Record<string, string> {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
}

async function administrator(label: string, language?: 'fr' | 'en') {
  const email = uniqueEmail(label);
  const person = await registerPerson(email, 'STAFF', 'Admin Double');
  if (language) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.entity('STAFF', person.personId),
          id: person.personId, version: 1, createdAt: stamp, updatedAt: stamp,
          firstName: 'Admin', lastName: 'Double', email, title: { fr: 'Bénévole', en: 'Volunteer' },
          department: 'administration', interests: [], preferredLanguage: language,
        },
      }),
    );
  }
  await createAccount(stack, email, PASSWORD, true);
  await grantRole({ email }, { kind: 'system', id: 'test' });
  return { email, ...session(email) };
}

/** What the API sees of one session: its ID token's claims on an admin route and on GET /api/me. */
function session(email: string) {
  const call = async (claims: Record<string, string>, method: string, resource: string) => {
    const result = await (resource === '/api/me' ? authHandler : adminHandler)(apiEvent({ method, resource, claims }));
    return { status: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
  };
  return {
    adminRead: (claims: Record<string, string>) => call(claims, 'GET', '/api/admin/directory'),
    me: (claims: Record<string, string>) => call(claims, 'GET', '/api/me'),
    signIn: async (secret?: string) => {
      const first = await cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD },
        }),
      );
      const result = first.AuthenticationResult ?? (secret ? (await cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: stack.userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: first.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
        }),
      )).AuthenticationResult : undefined);
      if (!result?.IdToken) throw new Error(`no tokens: ${first.ChallengeName ?? 'no challenge'}`);
      return { claims: claimsOf(result.IdToken), refreshToken: result.RefreshToken!, challenged: !first.AuthenticationResult };
    },
  };
}

const refreshes = (refreshToken: string) =>
  cognito
    .send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    )
    .then(
      () => true,
      () => false,
    );

/** Enrols an authenticator the way the app does (Amplify's calls, with a session of its own); returns its secret. */
async function enrolAuthenticator(email: string): Promise<string> {
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
  return SecretCode!;
}

/** Waits for a second so a new sign-in's `auth_time` (whole seconds) is later than what came before. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

const mfaState = async (email: string) =>
  (await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }))).UserMFASettingList ?? [];

describe('second factor for administrators', () => {
  it('when required: 403 MFA_REQUIRED and GET /api/me asks for enrolment until an authenticator is enrolled', async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'true');
    const admin = await administrator('mfa-required');
    const { claims } = await admin.signIn();

    expect(await admin.adminRead(claims)).toEqual({ status: 403, body: { error: { code: 'MFA_REQUIRED' } } });
    expect((await admin.me(claims)).body).toMatchObject({ isAdmin: true, mfaSetupRequired: true });

    const secret = await enrolAuthenticator(admin.email);
    await nextSecond();
    // The password-only session (opened before the enrolment) never becomes an admin one.
    expect(await admin.adminRead(claims)).toEqual({ status: 401, body: { error: { code: 'MFA_SIGN_IN_AGAIN' } } });
    expect((await admin.me(claims)).status).toBe(401);
    expect(await admin.adminRead(claims)).toEqual({ status: 401, body: { error: { code: 'MFA_SIGN_IN_AGAIN' } } });

    await nextSecond();
    const withCode = await admin.signIn(secret);
    expect(withCode.challenged).toBe(true);
    expect((await admin.adminRead(withCode.claims)).status).toBe(200);
    const me = (await admin.me(withCode.claims)).body;
    expect(me.isAdmin).toBe(true);
    expect(me).not.toHaveProperty('mfaSetupRequired');
  });

  it('an authenticator seen for the first time signs every session out and emails the administrator once, in their language', async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'true');
    const admin = await administrator('mfa-announce', 'en');
    const before = await admin.signIn();
    const secret = await enrolAuthenticator(admin.email);
    const mailBefore = (await mailTo(stack, admin.email)).length;

    expect(await admin.me(before.claims)).toEqual({ status: 401, body: { error: { code: 'MFA_SIGN_IN_AGAIN' } } });
    expect(await admin.me(before.claims)).toEqual({ status: 401, body: { error: { code: 'MFA_SIGN_IN_AGAIN' } } });

    expect(await refreshes(before.refreshToken)).toBe(false);
    const sent = (await mailTo(stack, admin.email)).slice(mailBefore);
    expect(sent.map((mail) => mail.subject)).toEqual(['An authenticator app was linked to your account']);
    expect(sent[0]!.body.html).toContain('<html lang="en">');
    await nextSecond();
    const after = await admin.signIn(secret);
    expect((await admin.adminRead(after.claims)).status).toBe(200);
  });

  it('writes the notice in French to an administrator without a language', async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'true');
    const admin = await administrator('mfa-announce-fr');
    const before = await admin.signIn();
    await enrolAuthenticator(admin.email);

    expect((await admin.me(before.claims)).status).toBe(401);

    const sent = await mailTo(stack, admin.email);
    expect(sent.at(-1)?.subject).toBe("Une application d'authentification a été associée à votre compte");
    expect(sent.at(-1)?.body.html).toContain('<html lang="fr">');
  });

  it('an authenticator removed signs every session out; the next one is announced and needs a new sign-in', async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'true');
    const admin = await administrator('mfa-removed');
    const first = await enrolAuthenticator(admin.email);
    const opened = await admin.signIn(first);
    await admin.me(opened.claims);
    await nextSecond();
    const serving = await admin.signIn(first);
    expect((await admin.adminRead(serving.claims)).status).toBe(200);

    await cognito.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: stack.userPoolId,
        Username: admin.email,
        SoftwareTokenMfaSettings: { Enabled: false },
      }),
    );
    expect(await admin.adminRead(serving.claims)).toEqual({ status: 403, body: { error: { code: 'MFA_REQUIRED' } } });
    expect(await refreshes(serving.refreshToken)).toBe(false);

    // A second authenticator, added by whoever holds the password: refused until announced and signed in again.
    const intruder = await admin.signIn();
    const second = await enrolAuthenticator(admin.email);
    const mailBefore = (await mailTo(stack, admin.email)).length;
    expect((await admin.adminRead(intruder.claims)).status).toBe(401);
    expect((await admin.me(intruder.claims)).status).toBe(401);
    expect((await mailTo(stack, admin.email)).length).toBe(mailBefore + 1);
    await nextSecond();
    expect((await admin.adminRead((await admin.signIn(second)).claims)).status).toBe(200);
  });

  it('a newly granted administrator enrols before the role takes effect; one already serving keeps theirs', async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'true');
    const email = uniqueEmail('mfa-granted');
    await registerPerson(email, 'STAFF', 'Admin Nouvelle');
    await createAccount(stack, email, PASSWORD, true);
    // An authenticator added while the account was a member's (by anyone who had the password).
    const old = await enrolAuthenticator(email);
    const before = await session(email).signIn(old);

    await grantRole({ email }, { kind: 'system', id: 'test' });

    expect(await mfaState(email)).not.toContain('SOFTWARE_TOKEN_MFA');
    expect(await refreshes(before.refreshToken)).toBe(false);
    const admin = session(email);
    const { claims } = await admin.signIn();
    expect(await admin.adminRead(claims)).toEqual({ status: 403, body: { error: { code: 'MFA_REQUIRED' } } });

    const fresh = await enrolAuthenticator(email);
    await grantRole({ email, title: 'Responsable du bottin' }, { kind: 'system', id: 'test' });
    expect(await mfaState(email)).toContain('SOFTWARE_TOKEN_MFA');
    await admin.me(claims);
    await nextSecond();
    expect((await admin.adminRead((await admin.signIn(fresh)).claims)).status).toBe(200);
  });

  it('the incoming administrator of a handover enrols before the role takes effect', async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'true');
    const outgoing = uniqueEmail('mfa-outgoing');
    await registerPerson(outgoing, 'STAFF', 'Admin Sortante');
    await grantRole({ email: outgoing }, { kind: 'system', id: 'test' });
    const email = uniqueEmail('mfa-incoming');
    await registerPerson(email, 'STAFF', 'Admin Entrante');
    await createAccount(stack, email, PASSWORD, true);
    const old = await enrolAuthenticator(email);
    const before = await session(email).signIn(old);

    await handOver({ incoming: { email }, outgoing: { email: outgoing } }, { kind: 'system', id: 'test' });

    expect(await mfaState(email)).not.toContain('SOFTWARE_TOKEN_MFA');
    expect(await refreshes(before.refreshToken)).toBe(false);
    const incoming = session(email);
    const { claims } = await incoming.signIn();
    expect(await incoming.adminRead(claims)).toEqual({ status: 403, body: { error: { code: 'MFA_REQUIRED' } } });
  });

  it('when not required (the local default), an administrator without an authenticator is served', async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'false');
    const admin = await administrator('mfa-off');
    const { claims } = await admin.signIn();
    expect((await admin.adminRead(claims)).status).toBe(200);
    expect((await admin.me(claims)).body).not.toHaveProperty('mfaSetupRequired');
  });
});
