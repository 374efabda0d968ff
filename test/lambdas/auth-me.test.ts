import {
  AdminListGroupsForUserCommand,
  InitiateAuthCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/auth/index';
import { MeResponseSchema } from '../../shared/auth-api';
import type { StackInfo } from '../../local/stack-info';
import { useStack } from '../support/stack';
import { apiEvent, claimsFor, createPoolUser, registerPerson, stackCognito, uniqueEmail } from './auth-support';

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
});
afterAll(() => cognito.destroy());
afterEach(() => {
  delete process.env.FIRST_ADMIN_EMAIL;
});

function me(claims: Record<string, string>) {
  return handler(apiEvent({ method: 'GET', resource: '/api/me', claims }));
}

async function groupsOf(username: string): Promise<string[]> {
  const result = await cognito.send(
    new AdminListGroupsForUserCommand({ UserPoolId: stack.userPoolId, Username: username }),
  );
  return (result.Groups ?? []).map((g) => g.GroupName!);
}

describe('GET /api/me (in process)', () => {
  it('describes a registered parent', async () => {
    const email = uniqueEmail('me-parent');
    const person = await registerPerson(email, 'PARENT', 'Geneviève L’Heureux');

    const response = await me(claimsFor(email));

    expect(response.statusCode).toBe(200);
    const body = MeResponseSchema.parse(JSON.parse(response.body));
    expect(body).toEqual({
      email,
      displayName: 'Geneviève L’Heureux',
      userType: 'parent',
      personIds: [person.personId],
      isAdmin: false,
    });
  });

  it('calls a staff member who is also a parent a parent, and lists both people', async () => {
    const email = uniqueEmail('me-both');
    const staff = await registerPerson(email, 'STAFF', 'Prof Dubé');
    const parent = await registerPerson(email, 'PARENT', 'Parent Dubé');

    const body = JSON.parse((await me(claimsFor(email))).body);

    expect(body.userType).toBe('parent');
    expect(body.displayName).toBe('Parent Dubé');
    expect([...body.personIds].sort()).toEqual([staff.personId, parent.personId].sort());
  });

  it('reports the admins group from the token', async () => {
    const email = uniqueEmail('me-admin');
    await registerPerson(email, 'STAFF', 'Admin Person');

    const body = JSON.parse((await me(claimsFor(email, { groups: ['admins'] }))).body);

    expect(body).toMatchObject({ userType: 'staff', isAdmin: true });
    expect(body.adminGranted).toBeUndefined();
  });

  it('refuses an unverified email and an email no longer in the registry', async () => {
    const email = uniqueEmail('me-unverified');
    await registerPerson(email);

    const unverified = await me(claimsFor(email, { verified: false }));
    const unregistered = await me(claimsFor(uniqueEmail('me-gone')));

    expect(unverified.statusCode).toBe(403);
    expect(JSON.parse(unverified.body)).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(unregistered.statusCode).toBe(403);
    expect(JSON.parse(unregistered.body)).toEqual({ error: { code: 'NOT_REGISTERED' } });
  });

  it('makes FIRST_ADMIN_EMAIL an administrator on its first call, and tells the client to refresh', async () => {
    const email = uniqueEmail('first-admin');
    await registerPerson(email, 'PARENT', 'Première Admin');
    const sub = await createPoolUser(cognito, stack.userPoolId, email, true);
    process.env.FIRST_ADMIN_EMAIL = `  ${email.toUpperCase()} `;

    const first = JSON.parse((await me(claimsFor(email, { sub }))).body);
    // After the refresh the token carries the group: no second grant.
    const refreshed = JSON.parse((await me(claimsFor(email, { sub, groups: ['admins'] }))).body);

    expect(first).toMatchObject({ isAdmin: true, adminGranted: true });
    expect(await groupsOf(sub)).toContain('admins');
    expect(refreshed).toMatchObject({ isAdmin: true });
    expect(refreshed.adminGranted).toBeUndefined();
  });

  it('grants nobody else, even while FIRST_ADMIN_EMAIL is set', async () => {
    const email = uniqueEmail('not-first');
    await registerPerson(email);
    const sub = await createPoolUser(cognito, stack.userPoolId, email, true);
    process.env.FIRST_ADMIN_EMAIL = uniqueEmail('someone-else');

    const body = JSON.parse((await me(claimsFor(email, { sub }))).body);

    expect(body.isAdmin).toBe(false);
    expect(body.adminGranted).toBeUndefined();
    expect(await groupsOf(sub)).not.toContain('admins');
  });
});

describe('GET /api/me through the local gateway', () => {
  async function idTokenOf(role: 'admin' | 'parent' | 'staff'): Promise<string> {
    const account = stack.demoAccounts.find((a) => a.role === role);
    if (!account) throw new Error(`no ${role} demo account`);
    const result = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      }),
    );
    return result.AuthenticationResult!.IdToken!;
  }

  async function getMe(token?: string) {
    const response = await fetch(`${stack.appUrl}/api/me`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  it('describes each demo account from its own ID token', async () => {
    const parent = await getMe(await idTokenOf('parent'));
    const staff = await getMe(await idTokenOf('staff'));
    const admin = await getMe(await idTokenOf('admin'));

    expect(parent.status).toBe(200);
    expect(parent.json).toMatchObject({ userType: 'parent', isAdmin: false });
    expect(staff.json).toMatchObject({ userType: 'staff', isAdmin: false });
    expect(admin.json).toMatchObject({ isAdmin: true });
    expect(MeResponseSchema.safeParse(parent.json).success).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect(await getMe()).toEqual({ status: 401, json: { error: { code: 'UNAUTHENTICATED' } } });
  });
});
