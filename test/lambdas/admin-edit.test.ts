import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { getEntity, membersOf, parentsOf, childrenOf, membershipsOf } from '../../lambdas/directory/directory-repository';
import { seedDemoSchool } from '../../local/demo/seed';
import type { DemoSchool } from '../../local/demo/generate-school';
import type { Parent } from '@shared/schemas/parent';
import { STAFF_DEPARTMENT_CODES } from '@shared/schemas/staff';
import { ParentInputSchema } from '@shared/contracts/admin-api';
import { adminClaims, callAdmin, isAuthorised, registeredIds } from './admin-support';
import { usernamesByEmail } from '../../lambdas/common/cognito';
import { useStack } from '../support/stack';
import { createPoolUser, stackCognito, uniqueEmail } from './auth-support';
import { useDirectoryTable } from './directory-support';
import { PRIVATE_BY_DEFAULT } from '@shared/rules/visibility';

/**
 * The admin editing API (lambdas/admin/edit) on a small demo school in a table of its own: versions and
 * conflicts, typed confirmation, the orphan rule of student deletes, references cleaned up, and the
 * authorised-email registry following every change.
 */

let school: DemoSchool;
let claims: Record<string, string>;
/** Students deleted by earlier tests of this file (they share one table). */
const deleted = new Set<string>();

/** The stack's cognito-local (its table and user pool are replaced by this file's own, below). */
const stack = useStack();
useDirectoryTable('admin-edit');
beforeAll(async () => {
  school = (await seedDemoSchool({ families: 24, seed: 11 })).school;
  claims = await adminClaims();
});

const childrenIn = (parentId: string) => school.families.filter((f) => f.parentId === parentId).map((f) => f.studentId);
const parentsIn = (studentId: string) => school.families.filter((f) => f.studentId === studentId).map((f) => f.parentId);
const parent = (id: string) => school.parents.find((p) => p.id === id)!;
/** Students whose every parent has no other child, and whose parents' emails are theirs alone. */
function onlyChildren() {
  const emailCount = new Map<string, number>();
  for (const p of [...school.parents, ...school.staff]) if (p.email) emailCount.set(p.email, (emailCount.get(p.email) ?? 0) + 1);
  return school.students.filter((s) => {
    const parents = parentsIn(s.id);
    return (
      parents.length > 0 &&
      parents.every((id) => childrenIn(id).length === 1 && parent(id).email && emailCount.get(parent(id).email!) === 1)
    );
  });
}

const newParent = (email: string) => ({ firstName: 'Béatrice', lastName: "O'Neil-Gagné", email: `  ${email.toUpperCase()} ` });

describe('editing people', () => {
  it('creates, edits and deletes a parent; the registry follows each step', async () => {
    const first = uniqueEmail('nouveau');
    const created = await callAdmin('POST', '/api/admin/parents', { body: newParent(first), claims });
    expect(created.status).toBe(201);
    const record = created.json.record as Parent;
    expect(record).toMatchObject({ email: first, version: 1, participation: 'limited', audiences: PRIVATE_BY_DEFAULT, preferredLanguage: 'fr', interests: [] });
    expect(await isAuthorised(first)).toBe(true);

    const second = uniqueEmail('change');
    const edited = await callAdmin('PUT', '/api/admin/parents/{id}', {
      id: record.id,
      body: { ...newParent(second), phone: '(514) 555-0188', address: { street: '1, rue A', city: 'Laval', postalCode: 'h7n1a1' }, version: 1 },
      claims,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.record).toMatchObject({ version: 2, phone: '5145550188', address: { postalCode: 'H7N 1A1' } });
    expect(await isAuthorised(first)).toBe(false);
    expect(await registeredIds(second)).toEqual([record.id]);

    const unconfirmed = await callAdmin('DELETE', '/api/admin/parents/{id}', { id: record.id, body: { version: 2, confirm: 'oui' }, claims });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.json.error).toEqual({ code: 'VALIDATION_FAILED', fields: [{ path: 'confirm', issue: 'confirmation_required' }] });
    const missing = await callAdmin('DELETE', '/api/admin/parents/{id}', { id: record.id, body: { version: 2 }, claims });
    expect(missing.status).toBe(400);
    expect(await getEntity('PARENT', record.id)).toBeDefined();

    const deleted = await callAdmin('DELETE', '/api/admin/parents/{id}', { id: record.id, body: { version: 2, confirm: 'confirm' }, claims });
    expect(deleted.status).toBe(200);
    expect(await getEntity('PARENT', record.id)).toBeUndefined();
    expect(await isAuthorised(second)).toBe(false);
  });

  it("removes the sign-in account of an email nobody registered holds any more, and keeps a shared one's", async () => {
    const cognito = stackCognito(stack);
    const accounts = (email: string) => usernamesByEmail(email, { client: cognito, userPoolId: process.env.USER_POOL_ID });
    const withAccount = async (email: string) => {
      const created = await callAdmin('POST', '/api/admin/parents', { body: newParent(email), claims });
      expect(created.status).toBe(201);
      await createPoolUser(cognito, process.env.USER_POOL_ID!, email, true);
      expect(await accounts(email)).toHaveLength(1);
      return created.json.record as Parent;
    };

    // Deleted: the account goes with the person.
    const leaving = uniqueEmail('depart');
    const gone = await withAccount(leaving);
    const deleted = await callAdmin('DELETE', '/api/admin/parents/{id}', { id: gone.id, body: { version: 1, confirm: 'confirm' }, claims });
    expect(deleted.status).toBe(200);
    expect(await accounts(leaving)).toEqual([]);

    // Email corrected: the account of the old address goes; the person registers again with the new one.
    const old = uniqueEmail('ancien');
    const moved = await withAccount(old);
    const edited = await callAdmin('PUT', '/api/admin/parents/{id}', { id: moved.id, body: { ...newParent(uniqueEmail('nouvelle')), version: 1 }, claims });
    expect(edited.status).toBe(200);
    expect(await accounts(old)).toEqual([]);

    // Shared with a staff member who stays: the account stays.
    const shared = uniqueEmail('partage');
    const both = await withAccount(shared);
    const staff = await callAdmin('POST', '/api/admin/staff', {
      body: { firstName: 'Line', lastName: 'Roy', email: shared, title: { fr: 'Secrétaire', en: 'Secretary' }, department: STAFF_DEPARTMENT_CODES[0] },
      claims,
    });
    expect(staff.status).toBe(201);
    const kept = await callAdmin('DELETE', '/api/admin/parents/{id}', { id: both.id, body: { version: 1, confirm: 'confirm' }, claims });
    expect(kept.status).toBe(200);
    expect(await accounts(shared)).toHaveLength(1);
    cognito.destroy();
  });

  it('never lets two edits of one version both land', async () => {
    const target = school.parents.find((p) => p.participation === 'full' && p.email)!;
    const body = (phone: string) => ({
      firstName: target.firstName,
      lastName: target.lastName,
      email: target.email,
      phone,
      version: target.version,
    });

    const [a, b] = await Promise.all([
      callAdmin('PUT', '/api/admin/parents/{id}', { id: target.id, body: body('514 555-0001'), claims }),
      callAdmin('PUT', '/api/admin/parents/{id}', { id: target.id, body: body('514 555-0002'), claims }),
    ]);

    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
    expect(loser.json).toEqual({ error: { code: 'CONFLICT' } });
    const stored = await getEntity('PARENT', target.id);
    expect(stored?.phone).toBe(winner.json.record.phone);
    expect(stored?.version).toBe(target.version + 1);
    // A form still holding the old version is refused too, whatever it says.
    const stale = await callAdmin('PUT', '/api/admin/parents/{id}', { id: target.id, body: body('514 555-0003'), claims });
    expect(stale.status).toBe(409);
  });

  it('deleting a staff member clears them from the class they taught, and takes their message choices along', async () => {
    const taught = school.classes.find((c) => c.teacherId)!;
    const teacher = school.staff.find((s) => s.id === taught.teacherId)!;
    const before = (await getEntity('CLASS', taught.id))!;
    const choices = keys.messageConsents(`STAFF#${teacher.id}`);
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...choices, type: 'MESSAGE_CONSENTS', school: false } }));

    const deleted = await callAdmin('DELETE', '/api/admin/staff/{id}', { id: teacher.id, body: { version: teacher.version, confirm: 'CONFIRM ' }, claims });

    expect(deleted.status).toBe(200);
    const after = (await getEntity('CLASS', taught.id))!;
    expect(after.teacherId).toBeUndefined();
    expect(after.version).toBe(before.version + 1);
    if (teacher.email) expect(await registeredIds(teacher.email)).not.toContain(teacher.id);
    expect((await documentClient().send(new GetCommand({ TableName: tableName(), Key: choices, ConsistentRead: true }))).Item).toBeUndefined();
  });

  it('records who changed which fields, never the values', async () => {
    const target = school.parents.find((p) => p.participation === 'limited')!;
    const edited = await callAdmin('PUT', '/api/admin/parents/{id}', {
      id: target.id,
      // The record's editable fields only: the route refuses its stored metadata (id, type...) as unknown keys.
      body: { ...pickInput(target), skills: 'Menuiserie fine', version: target.version },
      claims,
    });
    expect(edited.status).toBe(200);
    const audit = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#PARENT#${target.id}` },
      }),
    );
    expect(audit.Items).toHaveLength(1);
    expect(audit.Items![0]).toMatchObject({ action: 'parent.update', fields: ['skills'], actor: { kind: 'user', id: claims.sub } });
    expect(JSON.stringify(audit.Items![0])).not.toContain('Menuiserie');
  });
});

describe('deleting students', () => {
  it('asks what to do with a parent who would be left without a child, and keeps them when told so', async () => {
    const student = onlyChildren()[0]!;
    const parents = parentsIn(student.id).sort();

    const asked = await callAdmin('DELETE', '/api/admin/students/{id}', { id: student.id, body: { version: 1, confirm: 'confirm' }, claims });

    expect(asked.status).toBe(409);
    expect(asked.json.error.code).toBe('ORPHAN_PARENTS');
    expect([...asked.json.error.parentIds].sort()).toEqual(parents);
    expect(await getEntity('STUDENT', student.id)).toBeDefined();

    deleted.add(student.id);
    const kept = await callAdmin('DELETE', '/api/admin/students/{id}', {
      id: student.id,
      body: { version: 1, confirm: 'confirm', orphanParents: 'keep' },
      claims,
    });
    expect(kept.status).toBe(200);
    expect(kept.json).toEqual({ deleted: true, deletedParentIds: [] });
    expect(await getEntity('STUDENT', student.id)).toBeUndefined();
    for (const id of parents) {
      expect(await getEntity('PARENT', id)).toBeDefined();
      expect(await childrenOf(id)).toEqual([]);
      expect(await isAuthorised(parent(id).email!)).toBe(true);
    }
  });

  it('deletes the orphaned parents with the student when told so: registry, seats and class roles included', async () => {
    const student = onlyChildren()[1]!;
    deleted.add(student.id);
    const parents = parentsIn(student.id);
    const represented = school.classes.find((c) => c.studentRepresentativeIds.includes(student.id));

    const result = await callAdmin('DELETE', '/api/admin/students/{id}', {
      id: student.id,
      body: { version: 1, confirm: 'confirm', orphanParents: 'delete' },
      claims,
    });

    expect(result.status).toBe(200);
    expect([...result.json.deletedParentIds].sort()).toEqual([...parents].sort());
    for (const id of parents) {
      expect(await getEntity('PARENT', id)).toBeUndefined();
      expect(await isAuthorised(parent(id).email!)).toBe(false);
      expect(await membershipsOf('PARENT', id)).toEqual([]);
    }
    expect(await parentsOf(student.id)).toEqual([]);
    if (represented) expect((await getEntity('CLASS', represented.id))!.studentRepresentativeIds).not.toContain(student.id);
  });

  it('deletes a student with a sibling at once, since their parents keep a child', async () => {
    const student = school.students.find((s) => parentsIn(s.id).every((id) => childrenIn(id).length > 1))!;
    deleted.add(student.id);

    const result = await callAdmin('DELETE', '/api/admin/students/{id}', { id: student.id, body: { version: 1, confirm: 'confirm' }, claims });

    expect(result.status).toBe(200);
    for (const id of parentsIn(student.id)) expect(await getEntity('PARENT', id)).toBeDefined();
  });
});

describe('editing students, classes and committees', () => {
  it('changes a student\'s parents with the student, in one versioned write', async () => {
    const student = school.students.find(
      (s) => !deleted.has(s.id) && parentsIn(s.id).length === 2 && parentsIn(s.id).every((id) => childrenIn(id).length > 1),
    )!;
    const [keep] = parentsIn(student.id);
    const other = school.parents.find((p) => !parentsIn(student.id).includes(p.id))!;
    const body = { firstName: student.firstName, lastName: student.lastName, level: student.level, classId: student.classId };

    const result = await callAdmin('PUT', '/api/admin/students/{id}', { id: student.id, body: { ...body, parentIds: [keep, other.id], version: 1 }, claims });

    expect(result.status).toBe(200);
    expect(result.json.record.version).toBe(2);
    expect((await parentsOf(student.id)).sort()).toEqual([keep, other.id].sort());
    const wrongLevel = await callAdmin('PUT', '/api/admin/students/{id}', { id: student.id, body: { ...body, level: 'G6', parentIds: [keep], version: 2 }, claims });
    expect(wrongLevel.status).toBe(400);
    expect(wrongLevel.json.error.fields).toEqual([{ path: 'level', issue: 'not_in_class' }]);
  });

  it('refuses a second class with the same code, and keeps a class that still has students', async () => {
    const existing = (await getEntity('CLASS', school.classes[0]!.id))!;
    const duplicate = await callAdmin('POST', '/api/admin/classes', {
      body: { code: existing.code.toLowerCase(), name: 'Doublon', levels: ['G1'] },
      claims,
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.error.fields).toEqual([{ path: 'code', issue: 'duplicate' }]);
    // Nor another class's name, written alike (parents tell classes apart by name).
    const sameName = await callAdmin('POST', '/api/admin/classes', {
      body: { code: 'ZZ9', name: ` ${existing.name.toUpperCase()} `, levels: ['G1'] },
      claims,
    });
    expect(sameName.status).toBe(400);
    expect(sameName.json.error.fields).toEqual([{ path: 'name', issue: 'duplicate_name' }]);

    const busy = await callAdmin('DELETE', '/api/admin/classes/{id}', { id: existing.id, body: { version: existing.version, confirm: 'confirm' }, claims });
    expect(busy.status).toBe(409);
    expect(busy.json.error.code).toBe('CLASS_NOT_EMPTY');
    expect(busy.json.error.studentCount).toBeGreaterThan(0);

    const created = await callAdmin('POST', '/api/admin/classes', { body: { code: 'Z9', name: 'Classe Z9', levels: ['G5', 'G6'] }, claims });
    expect(created.status).toBe(201);
    const removed = await callAdmin('DELETE', '/api/admin/classes/{id}', { id: created.json.record.id, body: { version: 1, confirm: 'confirm' }, claims });
    expect(removed.status).toBe(200);
  });

  it('writes a committee\'s member list as differences, and keeps name-only parents off it', async () => {
    const committee = school.committees.find((c) => school.memberships.filter((m) => m.committeeId === c.id).length >= 2)!;
    const before = await membersOf(committee.id);
    const [stay, leave] = before;
    const joining = school.parents.find((p) => p.participation === 'full' && !before.some((m) => m.personId === p.id))!;
    const members = [
      { personType: stay!.personType, personId: stay!.personId, role: 'secretary' },
      { personType: 'PARENT', personId: joining.id, role: 'member' },
      ...before.slice(2).map(({ personType, personId, role }) => ({ personType, personId, role })),
    ];
    const { id: _id, version, createdAt: _c, updatedAt: _u, ...fields } = committee;

    const result = await callAdmin('PUT', '/api/admin/committees/{id}', { id: committee.id, body: { ...fields, members, version }, claims });

    expect(result.status).toBe(200);
    const after = await membersOf(committee.id);
    expect(after.find((m) => m.personId === stay!.personId)?.role).toBe('secretary');
    expect(after.some((m) => m.personId === joining.id)).toBe(true);
    expect(after.some((m) => m.personId === leave!.personId)).toBe(false);

    const nameOnly = school.parents.find((p) => p.participation === 'nameOnly')!;
    const refused = await callAdmin('PUT', '/api/admin/committees/{id}', {
      id: committee.id,
      body: { ...fields, members: [...members, { personType: 'PARENT', personId: nameOnly.id, role: 'member' }], version: version + 1 },
      claims,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields[0].issue).toBe('name_only');
  });

  it('takes a parent who opts out (name only) off their committees', async () => {
    const seated = school.memberships.find((m) => m.personType === 'PARENT' && parent(m.personId).participation === 'full')!;
    const target = (await getEntity('PARENT', seated.personId))!;

    const result = await callAdmin('PUT', '/api/admin/parents/{id}', {
      id: target.id,
      body: { firstName: target.firstName, lastName: target.lastName, email: target.email, participation: 'nameOnly', version: target.version },
      claims,
    });

    expect(result.json).toMatchObject({ record: { participation: 'nameOnly' } });
    expect(await membershipsOf('PARENT', target.id)).toEqual([]);
  });
});

/** A stored parent's fields that ParentInputSchema accepts (the PUT body carries exactly these and `version`). */
function pickInput(record: Record<string, unknown>): Record<string, unknown> {
  const accepted = new Set(ParentInputSchema.keyof().options as string[]);
  return Object.fromEntries(Object.entries(record).filter(([key]) => accepted.has(key)));
}
