import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { childrenOf, membersOf, membershipsOf, parentsOf, readDirectory } from '../../lambdas/directory/directory-repository';
import { generateSchool } from '../../local/demo/generate-school';
import { seedDemoSchool } from '../../local/demo/seed';
import { useDirectoryTable } from './directory-support';

useDirectoryTable('directory-repository');

const school = generateSchool();
beforeAll(async () => {
  await seedDemoSchool();
});

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

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
