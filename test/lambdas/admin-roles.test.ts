import { AdminListGroupsForUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as authHandler } from '../../lambdas/auth/index';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { AppError } from '../../lambdas/common/errors';
import { bootstrapFirstAdmin, endRoles, grantRole, hasAdminAccess, listRoles, rolesOf } from '../../lambdas/registry/admin-roles';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import type { StackInfo } from '../../local/stack-info';
import { useStack } from '../support/stack';
import { callAdmin, withExtraTable } from './admin-support';
import { apiEvent, claimsFor, createPoolUser, registerPerson, stackCognito, uniqueEmail } from './auth-support';

/**
 * Administrator roles decide admin access on the server, on every request, whatever the token's group says:
 * through the real handlers against DynamoDB Local (tables of their own where the whole set of roles matters).
 */

const SYSTEM = { kind: 'system', id: 'test' } as const;
const today = schoolDay();
const yesterday = addDays(today, -1);
const tomorrow = addDays(today, 1);

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

/** A registered staff member whose token claims the admins group (the group alone must not be enough). */
async function memberInGroup(label: string) {
  const email = uniqueEmail(label);
  await registerPerson(email, 'STAFF', 'Admin Test');
  return { email, claims: claimsFor(email, { groups: ['admins'] }) };
}

const adminRoute = (claims: Record<string, string>) => callAdmin('GET', '/api/admin/import/templates', { claims });

async function refusal(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : (error as Error).name;
  }
}

describe('the server decides admin access from the roles, on every request', () => {
  it('refuses the admins group without a role, and a revoked administrator at their very next request', async () => {
    await withExtraTable('roles-revoke', async () => {
      const a = await memberInGroup('roles-a');
      const b = await memberInGroup('roles-b');

      const groupOnly = await adminRoute(a.claims);
      await grantRole({ email: a.email }, SYSTEM);
      await grantRole({ email: b.email }, SYSTEM);
      const granted = await adminRoute(a.claims);
      await endRoles(a.email, undefined, SYSTEM);
      // The same token, still claiming the group.
      const revoked = await adminRoute(a.claims);

      expect(groupOnly).toMatchObject({ status: 403, json: { error: { code: 'FORBIDDEN' } } });
      expect(granted.status).toBe(200);
      expect(revoked).toMatchObject({ status: 403, json: { error: { code: 'FORBIDDEN' } } });
      expect((await adminRoute(b.claims)).status).toBe(200);
    });
  });

  it('grants access from the first day to the last day included, and ends it by itself', async () => {
    await withExtraTable('roles-dates', async () => {
      const ended = await memberInGroup('roles-ended');
      const lastDay = await memberInGroup('roles-last-day');
      const upcoming = await memberInGroup('roles-upcoming');
      await grantRole({ email: ended.email, from: addDays(today, -30), until: yesterday }, SYSTEM);
      await grantRole({ email: lastDay.email, from: addDays(today, -30), until: today, title: 'Responsable du bottin 2025-2026' }, SYSTEM);
      await grantRole({ email: upcoming.email, from: tomorrow }, SYSTEM);

      expect((await adminRoute(ended.claims)).status).toBe(403);
      expect((await adminRoute(lastDay.claims)).status).toBe(200);
      expect((await adminRoute(upcoming.claims)).status).toBe(403);
      // Tomorrow, in the school's time zone, the roles have moved on by themselves.
      const noonTomorrow = new Date(`${tomorrow}T17:00:00Z`);
      expect(await hasAdminAccess(lastDay.email, noonTomorrow)).toBe(false);
      expect(await hasAdminAccess(upcoming.email, noonTomorrow)).toBe(true);
    });
  });

  it('never removes the last administrator, but lets one hand over to a successor', async () => {
    await withExtraTable('roles-last', async () => {
      const outgoing = uniqueEmail('roles-outgoing');
      const incoming = uniqueEmail('roles-incoming');
      await grantRole({ email: outgoing }, SYSTEM);

      const alone = await refusal(() => endRoles(outgoing, undefined, SYSTEM));
      const aloneBackDated = await refusal(() => endRoles(outgoing, yesterday, SYSTEM));
      await grantRole({ email: incoming, from: addDays(today, 10) }, SYSTEM);
      const gap = await refusal(() => endRoles(outgoing, addDays(today, 5), SYSTEM));
      const handover = await refusal(() => endRoles(outgoing, addDays(today, 9), SYSTEM));

      expect(alone).toBe('LAST_ADMINISTRATOR');
      expect(aloneBackDated).toBe('LAST_ADMINISTRATOR');
      expect(gap).toBe('LAST_ADMINISTRATOR');
      expect(handover).toBeUndefined();
      expect((await rolesOf(outgoing)).map((role) => role.until)).toEqual([addDays(today, 9)]);
      expect(await hasAdminAccess(outgoing)).toBe(true);
    });
  });

  it('audits every role change with ids only', async () => {
    await withExtraTable('roles-audit', async () => {
      const email = uniqueEmail('roles-audited');
      await grantRole({ email }, SYSTEM);
      await grantRole({ email: uniqueEmail('roles-other') }, SYSTEM);
      await endRoles(email, undefined, SYSTEM);
      const [role] = await rolesOf(email);
      const audit = await documentClient().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': `AUDIT#ADMIN_ROLE#${role!.id}` },
        }),
      );

      expect((audit.Items ?? []).map((item) => item.action).sort()).toEqual(['adminRole.grant', 'adminRole.revoke']);
      expect(JSON.stringify(audit.Items)).not.toContain(email);
    });
  });
});

describe('the first administrator: one-shot, and GET /api/me changes nothing', () => {
  const me = (claims: Record<string, string>) => authHandler(apiEvent({ method: 'GET', resource: '/api/me', claims }));
  const claim = (claims: Record<string, string>) =>
    authHandler(apiEvent({ method: 'POST', resource: '/api/me/first-admin', claims }));
  const groupsOf = async (sub: string) =>
    ((await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: stack.userPoolId, Username: sub }))).Groups ?? []).map((g) => g.GroupName);

  it('offers the appointment on GET, makes it on POST, once', async () => {
    await withExtraTable('roles-first', async () => {
      const email = uniqueEmail('roles-first');
      await registerPerson(email, 'PARENT', 'Première Admin');
      const sub = await createPoolUser(cognito, stack.userPoolId, email, true);
      const claims = claimsFor(email, { sub });
      const stranger = uniqueEmail('roles-stranger');
      await registerPerson(stranger);
      process.env.FIRST_ADMIN_EMAIL = ` ${email.toUpperCase()} `;

      const offered = JSON.parse((await me(claims)).body);
      const rolesAfterGet = await listRoles();
      const groupsAfterGet = await groupsOf(sub);
      const notThem = await claim(claimsFor(stranger));
      const appointed = await claim(claims);
      const after = JSON.parse((await me(claims)).body);
      const again = await claim(claims);

      expect(offered).toMatchObject({ isAdmin: false, firstAdminAvailable: true });
      expect(rolesAfterGet).toEqual([]);
      expect(groupsAfterGet).not.toContain('admins');
      expect(notThem.statusCode).toBe(403);
      expect(appointed.statusCode).toBe(200);
      expect(JSON.parse(appointed.body)).toEqual({ isAdmin: true });
      expect(await groupsOf(sub)).toContain('admins');
      expect(after.isAdmin).toBe(true);
      expect(after.firstAdminAvailable).toBeUndefined();
      expect(again.statusCode).toBe(409);
      expect((await listRoles()).map((role) => role.email)).toEqual([email]);
    });
  });

  it('never appoints again once any role existed, even after that role ended', async () => {
    await withExtraTable('roles-first-closed', async () => {
      const email = uniqueEmail('roles-late-first');
      await registerPerson(email);
      const other = uniqueEmail('roles-earlier');
      await grantRole({ email: other, from: addDays(today, -60), until: yesterday }, SYSTEM);
      process.env.FIRST_ADMIN_EMAIL = email;

      const offered = JSON.parse((await me(claimsFor(email))).body);
      const claimed = await claim(claimsFor(email));

      expect(offered.firstAdminAvailable).toBeUndefined();
      expect(claimed.statusCode).toBe(409);
      expect(await bootstrapFirstAdmin(email, SYSTEM)).toBeUndefined();
      expect(await hasAdminAccess(email)).toBe(false);
    });
  });
});
