import { beforeAll, describe, expect, it } from 'vitest';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { handler as authHandler } from '../../lambdas/auth/index';
import { grantRole, rolesOf } from '../../lambdas/registry/admin-roles';
import type { RolesResponse } from '@shared/contracts/admin-roles-api';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import { useStack } from '../support/stack';
import { adminClaims, invoke, mailTo, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { registerPerson, uniqueEmail } from './auth-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * The administrator handover and the roles list (docs/operations.md, "Handing over"), through the real handler
 * against DynamoDB Local and the SES emulator: access starts at once, a back-dated end removes access at the next
 * request, the last administrator stays, each person gets an email in their own language, everything audited.
 */
const stack = useStack();
useDirectoryTable('handover');
let school: SmallSchool;
const today = schoolDay();

beforeAll(async () => {
  school = await seedSmallSchool('handover');
});

const call = (claims: Record<string, string>, method: string, resource: string, body?: unknown) =>
  invoke(adminHandler, { method, resource, claims, ...(body === undefined ? {} : { body }) });
const adminRoute = (claims: Record<string, string>) => call(claims, 'GET', '/api/admin/settings');
const isAdmin = async (claims: Record<string, string>) =>
  ((await invoke(authHandler, { method: 'GET', resource: '/api/me', claims })).body as { isAdmin: boolean }).isAdmin;

describe('POST /api/admin/roles/handover', () => {
  it('gives access at once, ends the outgoing role back-dated, emails both in their language, audited', async () => {
    // The outgoing administrator: a staff member (no language in the directory: their screen's language).
    const outgoingEmail = uniqueEmail('outgoing');
    await registerPerson(outgoingEmail, 'STAFF', 'Sortant Test');
    const outgoing = adminClaims(outgoingEmail);
    await grantRole({ email: outgoingEmail, from: addDays(today, -100) }, { kind: 'system', id: 'test' });
    const incomingParent = school.reachable.find((p) => p.preferredLanguage === 'en' && p.email !== school.adminEmail)!;
    expect(incomingParent, 'an English-speaking parent in the small school').toBeDefined();
    const incoming = adminClaims(incomingParent.email!);
    expect((await adminRoute(incoming)).status).toBe(403);
    const auditsBefore = (await scanAll()).filter((i) => i.type === 'AUDIT').length;

    const response = await call(outgoing, 'POST', '/api/admin/roles/handover', {
      incomingEmail: incomingParent.email!.toUpperCase(),
      title: 'Responsable du bottin 2026-2027',
      ownUntil: addDays(today, -1),
      lang: 'fr',
    });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ incoming: { email: incomingParent.email, from: today, status: 'current', title: 'Responsable du bottin 2026-2027' }, emailsSent: 2 });
    expect((await adminRoute(incoming)).status).toBe(200);
    expect(await isAdmin(incoming)).toBe(true);
    // The same token, at the very next request.
    expect(await adminRoute(outgoing)).toEqual({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    expect(await isAdmin(outgoing)).toBe(false);
    expect((await rolesOf(outgoingEmail)).map((r) => r.until)).toEqual([addDays(today, -1)]);

    const toIncoming = (await mailTo(stack, incomingParent.email!)).at(-1)!;
    const toOutgoing = (await mailTo(stack, outgoingEmail)).at(-1)!;
    expect(toIncoming.subject).toBe('You are now an administrator of the directory');
    expect(toIncoming.body.text).toContain('Responsable du bottin 2026-2027');
    expect(toOutgoing.subject).toBe("Votre passation de l'administration du bottin est enregistrée");
    expect(toOutgoing.body.text).toContain(`${incomingParent.firstName} ${incomingParent.lastName}`);
    // Named as the menu names it (« Passation » alone is no menu item).
    expect(toOutgoing.body.text).toContain('Administration, puis Passation et administrateurs.');
    const audits = (await scanAll()).filter((i) => i.type === 'AUDIT').slice(auditsBefore);
    expect(audits.map((a) => a.action).sort()).toEqual(['adminRole.end', 'adminRole.handover']);
    expect(JSON.stringify(audits)).not.toContain(incomingParent.email);
  });

  it('refuses an unregistered incoming member, oneself, and an unknown field, writing nothing', async () => {
    const admin = adminClaims(school.adminEmail);
    const before = await scanAll();
    const stranger = await call(admin, 'POST', '/api/admin/roles/handover', { incomingEmail: uniqueEmail('stranger') });
    const self = await call(admin, 'POST', '/api/admin/roles/handover', { incomingEmail: school.adminEmail });
    const extra = await call(admin, 'POST', '/api/admin/roles/handover', { incomingEmail: school.reachable[2]!.email, admin: true });
    expect(stranger).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: 'incomingEmail', issue: 'not_registered' }] } } });
    expect(self).toMatchObject({ status: 400, body: { error: { fields: [{ path: 'incomingEmail', issue: 'self' }] } } });
    expect(extra.status).toBe(400);
    expect(await scanAll()).toEqual(before);
  });

  it('refuses a first day before today (school time zone) or one that does not exist, writing nothing; today is accepted', async () => {
    const admin = adminClaims(school.adminEmail);
    const incomingEmail = school.reachable[5]!.email;
    const before = await scanAll();
    const nineMonthsAgo = await call(admin, 'POST', '/api/admin/roles/handover', { incomingEmail, from: addDays(today, -270) });
    const yesterday = await call(admin, 'POST', '/api/admin/roles/handover', { incomingEmail, from: addDays(today, -1) });
    const impossible = await call(admin, 'POST', '/api/admin/roles/handover', { incomingEmail, from: '2026-02-30' });
    expect(nineMonthsAgo).toEqual({ status: 400, body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: 'from', issue: 'before_today' }] } } });
    expect(yesterday).toEqual(nineMonthsAgo);
    expect(impossible).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: 'from' }] } } });
    expect(await scanAll()).toEqual(before);

    const fromToday = await call(admin, 'POST', '/api/admin/roles/handover', { incomingEmail, from: today });
    expect(fromToday.status, JSON.stringify(fromToday.body)).toBe(201);
    expect(fromToday.body).toMatchObject({ incoming: { email: incomingEmail, from: today, status: 'current' } });
  });
});

describe('the roles list and ending a role', () => {
  it('lists current, future and past roles with names, and never ends the last administrator', async () => {
    await withOnlyAdmin(async (only, onlyEmail) => {
      const future = school.reachable[4]!;
      expect((await call(only, 'POST', '/api/admin/roles/handover', { incomingEmail: future.email, from: addDays(today, 30) })).status).toBe(201);
      const list = (await call(only, 'GET', '/api/admin/roles')).body as RolesResponse;
      const mine = list.roles.find((r) => r.mine && r.status === 'current');
      expect(mine?.email).toBe(onlyEmail);
      expect(list.roles.find((r) => r.email === future.email)).toMatchObject({ status: 'future', name: `${future.firstName} ${future.lastName}` });
      expect(list.members.some((m) => m.email === future.email)).toBe(true);
      // The future role does not cover today: ending the only current role is refused, as is a handover that would.
      const refused = await call(only, 'POST', '/api/admin/roles/end', { email: onlyEmail });
      const handoverRefused = await call(only, 'POST', '/api/admin/roles/handover', { incomingEmail: school.reachable[3]!.email, from: addDays(today, 10), ownUntil: today });
      expect(refused).toEqual({ status: 409, body: { error: { code: 'LAST_ADMINISTRATOR' } } });
      expect(handoverRefused).toEqual({ status: 409, body: { error: { code: 'LAST_ADMINISTRATOR' } } });
      expect((await adminRoute(only)).status).toBe(200);
    });
  });
});

// A trial handed over with an end date, ended its own access before it, then another's role: nobody from a day on.
describe('a handover or an end that leaves a later day without an administrator', () => {
  it('is refused (ADMIN_GAP), nothing written; an open-ended role covers what follows', async () => {
    await withOnlyAdmin(async (only, onlyEmail) => {
      const incoming = school.reachable[5]!.email!;
      const before = await scanAll();
      // The incoming role ends in 60 days, the outgoing one in 10: from day 61 nobody.
      const gap = await call(only, 'POST', '/api/admin/roles/handover', { incomingEmail: incoming, from: today, until: addDays(today, 60), ownUntil: addDays(today, 10) });
      expect(gap).toEqual({ status: 409, body: { error: { code: 'ADMIN_GAP' } } });
      expect(await scanAll()).toEqual(before);
      // Open-ended, the incoming role covers every day after the outgoing one's last.
      const covered = await call(only, 'POST', '/api/admin/roles/handover', { incomingEmail: incoming, from: today, ownUntil: addDays(today, 10) });
      expect(covered.status, JSON.stringify(covered.body)).toBe(201);
      // Ending the incoming one now would leave the days after the outgoing one's last day empty.
      expect(await call(only, 'POST', '/api/admin/roles/end', { email: incoming })).toEqual({ status: 409, body: { error: { code: 'ADMIN_GAP' } } });
      expect(onlyEmail).toBe(school.adminEmail);
    });
  });
});

/** Runs `fn` in a table where one administrator (returned) is the only one with a current role. */
async function withOnlyAdmin(fn: (claims: Record<string, string>, email: string) => Promise<void>): Promise<void> {
  const current = (await call(adminClaims(school.adminEmail), 'GET', '/api/admin/roles')).body as RolesResponse;
  const others = current.roles.filter((r) => r.status !== 'past' && r.email !== school.adminEmail);
  for (const role of others) {
    const ended = await call(adminClaims(school.adminEmail), 'POST', '/api/admin/roles/end', { email: role.email });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
  }
  await fn(adminClaims(school.adminEmail), school.adminEmail);
}
