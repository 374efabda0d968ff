import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { AppError } from '../../lambdas/common/errors';
import { keys } from '../../lambdas/common/keys';
import {
  childrenOf,
  createEntity,
  deleteEntity,
  getEntity,
  getSettings,
  linkFamily,
  membersOf,
  membershipsOf,
  newEntityMeta,
  parentsOf,
  putMembership,
  readDirectory,
  saveSettings,
  updateEntity,
} from '../../lambdas/directory/directory-repository';
import { findRegisteredPeople } from '../../lambdas/registry/registry-repository';
import { generateSchool } from '../../local/demo/generate-school';
import { seedDemoSchool } from '../../local/demo/seed';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { Student } from '@shared/schemas/student';
import { useDirectoryTable } from './directory-support';

useDirectoryTable('directory-repository');

const school = generateSchool();
beforeAll(async () => {
  await seedDemoSchool();
});

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
const email = (label: string) => `${label}-${ulid().toLowerCase()}@test.example`;

function newParent(overrides: Partial<Parent> = {}): Parent {
  return {
    ...newEntityMeta(),
    firstName: 'Marie-Ève',
    lastName: "D'Amours",
    email: email('parent'),
    phone: '5145551234',
    address: { street: '4521, rue Fabre', city: 'Montréal', postalCode: 'H2J 3V8' },
    interests: ['gardening'],
    skills: '',
    participation: 'full',
    preferredLanguage: 'fr',
    ...overrides,
  };
}

async function conflictOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('whole-directory read', () => {
  it('returns every entity, link and membership of the seeded school, page by page', async () => {
    const snapshot = await readDirectory();
    expect(byId(snapshot.classes)).toEqual(byId(school.classes));
    expect(byId(snapshot.students)).toEqual(byId(school.students));
    expect(byId(snapshot.parents)).toEqual(byId(school.parents));
    expect(byId(snapshot.staff)).toEqual(byId(school.staff));
    expect(byId(snapshot.committees)).toEqual(byId(school.committees));
    expect(snapshot.families).toHaveLength(school.families.length);
    expect(snapshot.memberships).toHaveLength(school.memberships.length);
    expect(snapshot.stats.skipped).toBe(0);

    const paged = await readDirectory({ pageSize: 100 });
    expect(paged.stats.pages).toBeGreaterThanOrEqual(Math.ceil(snapshot.stats.items / 100));
    expect(paged.stats.items).toBe(snapshot.stats.items);
    expect(byId(paged.parents)).toEqual(byId(snapshot.parents));
    expect(paged.families).toEqual(snapshot.families);
  });

  it('skips an item that no longer fits its schema instead of failing the whole read', async () => {
    const id = ulid();
    await documentClient().send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.entity('STUDENT', id), type: 'STUDENT', id, firstName: 'Léa' } }),
    );
    const snapshot = await readDirectory();
    expect(snapshot.stats.skipped).toBe(1);
    expect(snapshot.students.some((s) => s.id === id)).toBe(false);
    expect(snapshot.students).toHaveLength(school.students.length);
  });

  it('reads the settings and refuses a stale settings update', async () => {
    const settings = await getSettings();
    expect(settings).toEqual(school.settings);
    const { version: _v, updatedAt: _u, ...fields } = settings!;
    const saved = await saveSettings({ ...fields, schoolYear: '2026-2027' }, 1);
    expect(saved.version).toBe(2);
    expect(await conflictOf(saveSettings(fields, 1))).toBe('CONFLICT');
    expect((await getSettings())?.schoolYear).toBe('2026-2027');
  });
});

describe('family links and memberships', () => {
  it('finds children, parents and committees both ways', async () => {
    const admin = school.accounts.admin.personId;
    const children = await childrenOf(admin);
    expect(children).toHaveLength(2);
    for (const studentId of children) expect(await parentsOf(studentId)).toContain(admin);
    const ce = school.committees.find((c) => c.kind === 'ce')!;
    expect(await membersOf(ce.id)).toEqual(
      expect.arrayContaining([{ committeeId: ce.id, personType: 'PARENT', personId: admin, role: 'chair' }]),
    );
    expect((await membershipsOf('PARENT', admin)).map((m) => m.committeeId)).toContain(ce.id);
  });
});

describe('optimistic locking', () => {
  it('lets one of two updates made from the same version win; the other gets CONFLICT', async () => {
    const parent = await createEntity('PARENT', newParent());
    const results = await Promise.allSettled([
      updateEntity('PARENT', parent, { ...parent, phone: '4385550001' }),
      updateEntity('PARENT', parent, { ...parent, phone: '4385550002' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBeInstanceOf(AppError);
    expect((rejected[0]!.reason as AppError).code).toBe('CONFLICT');

    const stored = await getEntity('PARENT', parent.id);
    expect(stored?.version).toBe(2);
    const winner = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Parent>).value;
    expect(stored?.phone).toBe(winner.phone);
    // A writer still holding version 1 loses too, and so does a stale delete.
    expect(await conflictOf(updateEntity('PARENT', parent, { ...parent, skills: 'Menuiserie' }))).toBe('CONFLICT');
    expect(await conflictOf(deleteEntity('PARENT', parent))).toBe('CONFLICT');
  });

  it('applies to classes and students too, and to creating an id twice', async () => {
    const schoolClass = school.classes[0]!;
    const renamed: SchoolClass = await updateEntity('CLASS', schoolClass, { ...schoolClass, name: 'Classe des Hiboux' });
    expect(renamed.version).toBe(schoolClass.version + 1);
    expect(await conflictOf(updateEntity('CLASS', schoolClass, { ...schoolClass, name: 'Autre' }))).toBe('CONFLICT');
    expect((await getEntity('CLASS', schoolClass.id))?.name).toBe('Classe des Hiboux');

    const student: Student = { ...newEntityMeta(), firstName: 'Zoé', lastName: 'Gagné-Côté', level: 'G1', classId: schoolClass.id };
    await createEntity('STUDENT', student);
    expect(await conflictOf(createEntity('STUDENT', student))).toBe('CONFLICT');
  });

  it('refuses to store an entity that breaks its schema', async () => {
    const bad = newParent({ participation: 'nameOnly' });
    expect(await conflictOf(createEntity('PARENT', bad))).toBe('VALIDATION_FAILED');
    expect(await getEntity('PARENT', bad.id)).toBeUndefined();
  });
});

describe('registry consistency', () => {
  it('follows a person through create, rename, email change, email removal and delete', async () => {
    const first = email('registry');
    const parent = await createEntity('PARENT', newParent({ email: first }));
    expect(await findRegisteredPeople(first)).toEqual([
      { personType: 'PARENT', personId: parent.id, email: first, displayName: "Marie-Ève D'Amours" },
    ]);

    const renamed = await updateEntity('PARENT', parent, { ...parent, lastName: 'Dubé-Martin' });
    expect((await findRegisteredPeople(first))[0]?.displayName).toBe('Marie-Ève Dubé-Martin');

    const second = email('registry-new');
    const moved = await updateEntity('PARENT', renamed, { ...renamed, email: second });
    expect(await findRegisteredPeople(first)).toEqual([]);
    expect((await findRegisteredPeople(second)).map((p) => p.personId)).toEqual([parent.id]);

    // A lost race changes nothing, registry included: the transaction is all or nothing.
    const third = email('registry-lost');
    expect(await conflictOf(updateEntity('PARENT', renamed, { ...renamed, email: third }))).toBe('CONFLICT');
    expect(await findRegisteredPeople(third)).toEqual([]);
    expect(await findRegisteredPeople(second)).toHaveLength(1);

    const { email: _removed, ...withoutEmail } = moved;
    const noEmail = await updateEntity('PARENT', moved, withoutEmail);
    expect(await findRegisteredPeople(second)).toEqual([]);

    const withEmail = await updateEntity('PARENT', noEmail, { ...noEmail, email: second });
    const studentId = school.students[0]!.id;
    await linkFamily({ parentId: parent.id, studentId });
    const ce = school.committees[0]!;
    await putMembership({ committeeId: ce.id, personType: 'PARENT', personId: parent.id, role: 'member' });
    await deleteEntity('PARENT', withEmail);
    expect(await getEntity('PARENT', parent.id)).toBeUndefined();
    expect(await findRegisteredPeople(second)).toEqual([]);
    expect(await parentsOf(studentId)).not.toContain(parent.id);
    expect((await membersOf(ce.id)).map((m) => m.personId)).not.toContain(parent.id);
  });

  it('registers two people who share one email under that email', async () => {
    const shared = email('shared');
    const a = await createEntity('PARENT', newParent({ email: shared, firstName: 'Sean', lastName: "O'Neil" }));
    const b = await createEntity('PARENT', newParent({ email: shared, firstName: 'Zoé', lastName: 'Côté' }));
    expect((await findRegisteredPeople(shared)).map((p) => p.personId).sort()).toEqual([a.id, b.id].sort());
  });

  it('registers staff members the same way', async () => {
    const address = email('staff');
    const staff = await createEntity('STAFF', {
      ...newEntityMeta(),
      firstName: 'François',
      lastName: 'Lévesque',
      email: address,
      title: { fr: 'Enseignant', en: 'Teacher' },
      department: 'teaching',
      interests: [],
    });
    expect(await findRegisteredPeople(address)).toEqual([
      { personType: 'STAFF', personId: staff.id, email: address, displayName: 'François Lévesque' },
    ]);
  });
});
