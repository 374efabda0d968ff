import {
  AdminListGroupsForUserCommand,
  InitiateAuthCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/auth/index';
import { grantRole, rolesOf } from '../../lambdas/registry/admin-roles';
import { MeResponseSchema, type MeParentProfile } from '@shared/contracts/auth-api';
import { generateSchool } from '../../local/demo/generate-school';
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
  it('describes a registered parent whose record is gone with no profile (My Profile: Profile Not Found)', async () => {
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
      parents: [],
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

  it('says isAdmin from the table\'s roles, never from the token\'s group', async () => {
    const email = uniqueEmail('me-admin');
    await registerPerson(email, 'STAFF', 'Admin Person');
    const claims = claimsFor(email, { groups: ['admins'] });

    const before = JSON.parse((await me(claims)).body);
    await grantRole({ email }, { kind: 'system', id: 'test' });
    const after = JSON.parse((await me(claims)).body);

    expect(before).toMatchObject({ userType: 'staff', isAdmin: false });
    expect(after).toMatchObject({ userType: 'staff', isAdmin: true });
    // Staff have no profile page: no parent profile is read or sent.
    expect(after.parents).toBeUndefined();
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

  it('changes nothing for FIRST_ADMIN_EMAIL once an administrator was ever appointed (the stack\'s demo admin)', async () => {
    const email = uniqueEmail('first-admin');
    await registerPerson(email, 'PARENT', 'Première Admin');
    const sub = await createPoolUser(cognito, stack.userPoolId, email, true);
    process.env.FIRST_ADMIN_EMAIL = `  ${email.toUpperCase()} `;

    const body = JSON.parse((await me(claimsFor(email, { sub }))).body);
    const claim = await handler(apiEvent({ method: 'POST', resource: '/api/me/first-admin', claims: claimsFor(email, { sub }) }));

    expect(body.isAdmin).toBe(false);
    expect(body.firstAdminAvailable).toBeUndefined();
    expect(claim.statusCode).toBe(409);
    expect(await groupsOf(sub)).not.toContain('admins');
    expect(await rolesOf(email)).toEqual([]);
  });
});

describe('GET /api/me: the parent profile (demo school seeded by the stack)', () => {
  // The stack seeds the default demo school; the generator is deterministic, so it is the expected data.
  const school = generateSchool();
  const byId = <T extends { id: string }>(list: T[], id: string | undefined) => list.find((item) => item.id === id);

  async function profileOf(email: string): Promise<MeParentProfile[]> {
    const response = await me(claimsFor(email));
    expect(response.statusCode).toBe(200);
    const body = MeResponseSchema.parse(JSON.parse(response.body));
    expect(body.userType).toBe('parent');
    return body.parents!;
  }

  function parentWith(participation: 'limited' | 'nameOnly') {
    // One that holds something to hide, so the assertion below can fail.
    const parent = school.parents.find(
      (p) => p.participation === participation && p.email && school.families.some((l) => l.parentId === p.id),
    );
    if (!parent) throw new Error(`the demo school has no ${participation} parent with an email`);
    return parent;
  }

  it("lists the demo parent's children with class, level and teacher, and their committee seats", async () => {
    const account = school.accounts.parent;
    const childIds = school.families.filter((l) => l.parentId === account.personId).map((l) => l.studentId);
    const expectedChildren = childIds.map((id) => {
      const student = byId(school.students, id)!;
      const schoolClass = byId(school.classes, student.classId)!;
      const teacher = byId(school.staff, schoolClass.teacherId)!;
      return {
        name: `${student.firstName} ${student.lastName}`,
        level: student.level,
        classCode: schoolClass.code,
        teacher: `${teacher.firstName} ${teacher.lastName}`,
      };
    });
    const expectedSeats = school.memberships
      .filter((m) => m.personId === account.personId)
      .map((m) => ({ name: byId(school.committees, m.committeeId)!.name.fr, role: m.role }));

    const [profile, ...others] = await profileOf(account.email);

    expect(others).toEqual([]);
    expect(profile!.id).toBe(account.personId);
    expect(profile!.email).toBe(account.email);
    expect(expectedChildren).toHaveLength(2);
    expect(
      profile!.children.map((c) => ({
        name: `${c.firstName} ${c.lastName}`,
        level: c.level,
        classCode: c.class?.code,
        teacher: `${c.teacher?.firstName} ${c.teacher?.lastName}`,
      })),
    ).toEqual(expect.arrayContaining(expectedChildren));
    expect(profile!.children.every((c) => c.levelLabel?.fr.endsWith('année'))).toBe(true);
    // The demo parent holds the first seat of the directory committee.
    expect(profile!.committees.map((c) => ({ name: c.name.fr, role: c.role }))).toEqual(
      expect.arrayContaining(expectedSeats),
    );
    expect(profile!.committees.some((c) => c.name.fr === 'Comité du bottin' && c.role === 'coordinator')).toBe(true);
  });

  it('gives a limited parent their own address, interests and skills, which the directory hides from others', async () => {
    const parent = parentWith('limited');

    const [profile] = await profileOf(parent.email!);

    expect(profile).toMatchObject({
      id: parent.id,
      participation: 'limited',
      phone: parent.phone,
      address: parent.address,
      interests: parent.interests,
      skills: parent.skills,
    });
    expect(profile!.address).toBeDefined();
  });

  it('gives a name-only parent their own record and children', async () => {
    const parent = parentWith('nameOnly');
    const children = school.families.filter((l) => l.parentId === parent.id);

    const [profile] = await profileOf(parent.email!);

    expect(profile).toMatchObject({ id: parent.id, participation: 'nameOnly', email: parent.email });
    expect(profile!.children).toHaveLength(children.length);
    expect(profile!.committees).toEqual([]);
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
    expect((parent.json.parents as MeParentProfile[])[0]!.children).toHaveLength(2);
    expect(staff.json).toMatchObject({ userType: 'staff', isAdmin: false });
    expect(admin.json).toMatchObject({ isAdmin: true });
    expect(MeResponseSchema.safeParse(parent.json).success).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect(await getMe()).toEqual({ status: 401, json: { error: { code: 'UNAUTHENTICATED' } } });
  });
});
