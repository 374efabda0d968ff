import { beforeAll, describe, expect, it } from 'vitest';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { handler as formHandler } from '../../lambdas/annual-update/index';
import { handler as directoryHandler } from '../../lambdas/directory/index';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { getEntity } from '../../lambdas/directory/directory-repository';
import type { DirectoryParent, DirectoryResponse } from '@shared/contracts/directory-api';
import type { ParentForm } from '@shared/rules/parent-form';
import type { ConsentLogResponse } from '@shared/contracts/privacy-consent-api';
import { PRIVACY_NOTICE_TEXT_VERSION } from '@shared/contracts/privacy-api';
import type { Parent } from '@shared/schemas/parent';
import { audiencesOf, PREVIEW_RELATIONS, PRIVATE_BY_DEFAULT, visibleParent, type ViewerRelation } from '@shared/rules/visibility';
import { claimsFor } from './auth-support';
import { invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * Field audiences, the preview and safety restrictions through the real handlers, against this file's own table
 * (docs/privacy.md): what a parent chooses on My Profile is exactly what each kind of viewer receives from
 * GET /api/directory, in the raw JSON.
 */
useDirectoryTable('privacy-visibility');

let school: SmallSchool;
let target: Parent;
/** A parent with a child in one of the target's children's classes, one without, and a staff member. */
const viewers = {} as Record<(typeof PREVIEW_RELATIONS)[number], Record<string, string>>;
let sameClassParent: Parent;
let otherClassParent: Parent;

const classesOf = (parentId: string) =>
  new Set(
    school.families
      .filter((f) => f.parentId === parentId)
      .map((f) => school.students.find((s) => s.id === f.studentId)!.classId),
  );

async function directoryAs(claims: Record<string, string>): Promise<{ body: DirectoryResponse; raw: string }> {
  const response = await invoke(directoryHandler, { method: 'GET', resource: '/api/directory', claims });
  expect(response.status).toBe(200);
  return { body: response.body as DirectoryResponse, raw: JSON.stringify(response.body) };
}

const entryOf = (directory: DirectoryResponse, id: string) => directory.parents.find((p) => p.id === id)!;

async function saveProfile(email: string, changes: Record<string, unknown>) {
  const claims = claimsFor(email);
  const loaded = await invoke(formHandler, { method: 'GET', resource: '/api/profile/form', claims });
  const { id: _id, email: _email, ...fields } = (loaded.body as { form: ParentForm }).form.parent;
  return invoke(formHandler, { method: 'PUT', resource: '/api/profile', claims, body: { data: { ...fields, ...changes } } });
}

beforeAll(async () => {
  school = await seedSmallSchool('visibility');
  const reachable = school.reachable.filter((p) => p.email !== school.adminEmail);
  target = reachable.find((p) => {
    const mine = classesOf(p.id);
    const others = reachable.filter((q) => q.id !== p.id);
    return others.some((q) => [...classesOf(q.id)].some((c) => mine.has(c))) && others.some((q) => ![...classesOf(q.id)].some((c) => mine.has(c)));
  })!;
  const mine = classesOf(target.id);
  const shares = (q: Parent) => [...classesOf(q.id)].some((c) => mine.has(c));
  sameClassParent = reachable.find((q) => q.id !== target.id && shares(q))!;
  otherClassParent = reachable.find((q) => q.id !== target.id && !shares(q))!;
  viewers.sameClass = claimsFor(sameClassParent.email!);
  viewers.otherClass = claimsFor(otherClassParent.email!);
  viewers.staff = claimsFor(school.staff.find((s) => s.email)!.email!);
});

describe('field audiences', () => {
  it('phone for my children\'s classes, address for administrators: each viewer receives exactly the preview', async () => {
    const audiences = { email: 'school', phone: 'classes', address: 'admins', profile: 'school' };
    const saved = await saveProfile(target.email!, {
      participation: 'full',
      audiences,
      phone: '418 555-0199',
      address: { street: '7, rue du Parc', city: 'Lévis', postalCode: 'G6V 1A1' },
    });
    expect(saved.status).toBe(200);
    const stored = (await getEntity('PARENT', target.id))!;
    expect(stored.audiences).toEqual(audiences);

    const seen = {} as Record<ViewerRelation, DirectoryParent>;
    for (const relation of PREVIEW_RELATIONS) {
      const { body, raw } = await directoryAs(viewers[relation]);
      seen[relation] = entryOf(body, target.id);
      // The preview on My Profile draws visibleParent(stored, relation): the API must hand each viewer the same.
      expect(seen[relation]).toEqual(visibleParent(stored, relation, seen[relation].childIndexes));
      expect(raw).not.toContain('rue du Parc');
    }
    expect(seen.sameClass.phone).toBe('4185550199');
    expect(seen.staff.phone).toBe('4185550199');
    expect(seen.otherClass.phone).toBeUndefined();
    expect((await directoryAs(viewers.otherClass)).raw).not.toContain('4185550199');
    expect(seen.otherClass.email).toBe(target.email);
  });

  it('two visibility changes sent at once from the same version: one lands, the other gets a conflict', async () => {
    const claims = claimsFor(target.email!);
    const loaded = await invoke(formHandler, { method: 'GET', resource: '/api/profile/form', claims });
    const { id: _id, email: _email, ...fields } = (loaded.body as { form: ParentForm }).form.parent;
    const send = (phone: 'school' | 'admins') =>
      invoke(formHandler, {
        method: 'PUT',
        resource: '/api/profile',
        claims,
        body: { data: { ...fields, audiences: { ...fields.audiences, phone } } },
      });
    const results = await Promise.all([send('school'), send('admins')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.findIndex((r) => r.status === 200) === 0 ? 'school' : 'admins';
    expect((await getEntity('PARENT', target.id))!.audiences!.phone).toBe(winner);
  });

  it('refuses an unknown audience or field, writing nothing', async () => {
    const before = await scanAll();
    const bad = await saveProfile(target.email!, { audiences: { email: 'school', phone: 'everyone', address: 'admins', profile: 'school' } });
    expect(bad.status).toBe(400);
    const extra = await saveProfile(target.email!, { audiences: { ...PRIVATE_BY_DEFAULT, children: 'school' } });
    expect(extra.status).toBe(400);
    expect(await scanAll()).toEqual(before);
  });
});

describe('privacy by default', () => {
  it('a parent an administrator adds without a participation starts private: others see the name and email only', async () => {
    const created = await invoke(adminHandler, {
      method: 'POST',
      resource: '/api/admin/parents',
      claims: claimsFor(school.adminEmail),
      body: { firstName: 'Noémie', lastName: 'Lachance', email: 'noemie.lachance@test.example', phone: '819 555-0142' },
    });
    expect(created.status).toBe(201);
    const record = (created.body as { record: Parent }).record;
    expect(record).toMatchObject({ participation: 'limited', audiences: PRIVATE_BY_DEFAULT, phone: '8195550142' });
    const { raw } = await directoryAs(viewers.staff);
    expect(raw).not.toContain('8195550142');
  });
});

describe('safety restrictions', () => {
  const put = (id: string, body: unknown) =>
    invoke(adminHandler, {
      method: 'PUT',
      resource: '/api/admin/parents/{id}/safety-restriction',
      pathParameters: { id },
      claims: claimsFor(school.adminEmail),
      body,
    });

  it('hides a family from one named household, which sees the name only; others still see it', async () => {
    const current = (await getEntity('PARENT', target.id))!;
    const saved = await put(target.id, { version: current.version, hiddenFrom: [sameClassParent.id] });
    expect(saved.status).toBe(200);

    const hidden = await directoryAs(viewers.sameClass);
    expect(entryOf(hidden.body, target.id)).toEqual({
      id: target.id,
      firstName: current.firstName,
      lastName: current.lastName,
      childIndexes: entryOf(hidden.body, target.id).childIndexes,
    });
    expect(hidden.raw).not.toContain(target.email!);
    // The restriction itself never reaches a member, not even the protected parent.
    expect(hidden.raw).not.toContain('hiddenFrom');
    expect((await directoryAs(claimsFor(target.email!))).raw).not.toContain('hiddenFrom');
    expect(entryOf((await directoryAs(viewers.staff)).body, target.id).email).toBe(target.email);
    expect(entryOf((await directoryAs(viewers.otherClass)).body, target.id).email).toBe(target.email);
  });

  it('survives the parent\'s own update and an administrator\'s edit; members cannot set it', async () => {
    expect((await saveProfile(target.email!, { skills: 'Menuiserie' })).status).toBe(200);
    const current = (await getEntity('PARENT', target.id))!;
    const { id: _i, version, createdAt: _c, updatedAt: _u, safetyRestriction: _s, ...fields } = current;
    const edited = await invoke(adminHandler, {
      method: 'PUT',
      resource: '/api/admin/parents/{id}',
      pathParameters: { id: target.id },
      claims: claimsFor(school.adminEmail),
      body: { ...fields, version },
    });
    expect(edited.status).toBe(200);
    expect((await getEntity('PARENT', target.id))!.safetyRestriction).toEqual({ hiddenFrom: [sameClassParent.id] });
    expect((await saveProfile(target.email!, { safetyRestriction: { hiddenFrom: [] } })).status).toBe(400);
  });

  it('refuses unknown households, the parent themselves and a stale version, writing nothing; an empty list lifts it', async () => {
    const before = await scanAll();
    const current = (await getEntity('PARENT', target.id))!;
    expect((await put(target.id, { version: current.version, hiddenFrom: ['01K3J4A0000000000000000999'] })).status).toBe(400);
    expect((await put(target.id, { version: current.version, hiddenFrom: [target.id] })).status).toBe(400);
    expect((await put(target.id, { version: current.version - 1, hiddenFrom: [] })).status).toBe(409);
    expect(await scanAll()).toEqual(before);

    expect((await put(target.id, { version: current.version, hiddenFrom: [] })).status).toBe(200);
    expect((await getEntity('PARENT', target.id))!.safetyRestriction).toBeUndefined();
    expect(entryOf((await directoryAs(viewers.sameClass)).body, target.id).email).toBe(target.email);
  });
});

describe('consent log', () => {
  const logOf = async (claims: Record<string, string>, resource = '/api/me/consent-log', id?: string) => {
    const response = await invoke(privacyHandler, { method: 'GET', resource, claims, ...(id ? { pathParameters: { id } } : {}) });
    expect(response.status).toBe(200);
    return (response.body as ConsentLogResponse).entries;
  };

  it('records each change of participation or audiences: who, what, when, the notice version and the language', async () => {
    const claims = claimsFor(otherClassParent.email!);
    const before = await logOf(claims);
    const stored = (await getEntity('PARENT', otherClassParent.id))!;
    expect((await saveProfile(otherClassParent.email!, { noticeLanguage: 'en', audiences: { ...PRIVATE_BY_DEFAULT, profile: 'classes' } })).status).toBe(200);
    // A change that leaves the privacy choice as it was adds nothing.
    expect((await saveProfile(otherClassParent.email!, { skills: 'Aquarelle' })).status).toBe(200);

    const entries = await logOf(claims);
    expect(entries).toHaveLength(before.length + 1);
    expect(entries[0]).toMatchObject({
      parentId: otherClassParent.id,
      by: 'parent',
      channel: 'myProfile',
      language: 'en',
      before: { participation: stored.participation, audiences: audiencesOf(stored) },
      after: { participation: stored.participation, audiences: { ...PRIVATE_BY_DEFAULT, profile: 'classes' } },
    });
    expect(entries[0]!.noticeVersion).toMatch(new RegExp(`^${PRIVACY_NOTICE_TEXT_VERSION}\\.s\\d+$`));
    expect(await logOf(claimsFor(school.adminEmail), '/api/admin/parents/{id}/consent-log', otherClassParent.id)).toEqual(entries);
  });

  it('opens the log of a parent an administrator creates, and refuses staff and unknown parents', async () => {
    const created = await invoke(adminHandler, {
      method: 'POST',
      resource: '/api/admin/parents',
      claims: claimsFor(school.adminEmail),
      body: { firstName: 'Olivier', lastName: 'Saint-Onge', participation: 'full', preferredLanguage: 'en' },
    });
    const id = (created.body as { record: Parent }).record.id;
    const entries = await logOf(claimsFor(school.adminEmail), '/api/admin/parents/{id}/consent-log', id);
    expect(entries).toEqual([expect.objectContaining({ by: 'admin', channel: 'adminScreen', language: 'en', after: expect.objectContaining({ participation: 'full' }) })]);
    expect(entries[0]!.before).toBeUndefined();
    const staff = claimsFor(school.staff.find((s) => s.email)!.email!);
    expect((await invoke(privacyHandler, { method: 'GET', resource: '/api/me/consent-log', claims: staff })).status).toBe(404);
    const unknown = { method: 'GET', resource: '/api/admin/parents/{id}/consent-log', pathParameters: { id: '01K3J4A0000000000000000999' } };
    expect((await invoke(privacyHandler, { ...unknown, claims: claimsFor(school.adminEmail) })).status).toBe(404);
  });
});
