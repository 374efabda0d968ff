import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, resetDocumentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { findRegisteredPeople } from '../../lambdas/registry/registry-repository';
import { DEMO_ACCOUNTS, datasetName, seedDemoSchool } from '../../local/demo/seed';
import { useStack } from '../support/stack';
import { scanAll, useDirectoryTable } from './directory-support';
import { DIRECTORY_VERSION_TYPE } from '../../lambdas/common/directory-version';

describe('demo seed in its own table', () => {
  useDirectoryTable('demo-seed');

  it('writes the school once; a second run writes nothing, and a crashed run is finished by the next', async () => {
    const first = await seedDemoSchool();
    expect(first.skipped).toBe(false);
    // The directory's version items (derived, lambdas/common/directory-version.ts) count write calls, not data.
    const lasting = async () => (await scanAll()).filter((item) => item.type !== DIRECTORY_VERSION_TYPE);
    const afterFirst = await lasting();
    // The demo administrator's first-administrator role: the roles' state, the role and its audit entry.
    const adminRole = afterFirst.filter((item) => item.pk === keys.adminRolesPk());
    expect(adminRole.map((item) => item.sk)).toEqual([expect.stringMatching(/^ROLE#/), 'STATE']);
    expect(afterFirst.filter((item) => item.type === 'AUDIT')).toHaveLength(1);
    // Everything written, plus the marker.
    expect(afterFirst.length - adminRole.length - 1).toBe(first.items + 1);
    const registry = afterFirst.filter((item) => item.type === 'REGISTRY');
    const withEmail = [...first.school.parents, ...first.school.staff].filter((p) => p.email);
    expect(registry).toHaveLength(withEmail.length);

    const second = await seedDemoSchool();
    expect(second).toMatchObject({ skipped: true, outdated: false, items: 0 });
    expect(await lasting()).toEqual(afterFirst);
    // `npm start` a school year later asks for that year: the demo already there is the same school, not outdated.
    expect(await seedDemoSchool({ schoolYear: '2031-2032' })).toMatchObject({ skipped: true, outdated: false, items: 0 });

    // A table seeded by another version of the generator (or before markers had a fingerprint): nothing is
    // rewritten (the person's local changes stay), and the caller learns the demo accounts may not be there.
    const markerKey = keys.seedMarker(datasetName());
    const setFingerprint = (value: string) =>
      documentClient().send(new UpdateCommand({ TableName: tableName(), Key: markerKey, UpdateExpression: 'SET fingerprint = :f', ExpressionAttributeValues: { ':f': value } }));
    const fingerprint = afterFirst.find((item) => item.type === 'SEED')!.fingerprint as string;
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    await setFingerprint('0000000000000000');
    expect(await seedDemoSchool()).toMatchObject({ skipped: true, outdated: true, items: 0 });
    await setFingerprint(fingerprint);
    expect(await lasting()).toEqual(afterFirst);

    // A run that crashed before its marker: the next run rewrites the same items, no duplicates.
    await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.seedMarker(datasetName()) }));
    const resumed = await seedDemoSchool();
    expect(resumed.items).toBe(first.items);
    const afterResume = await lasting();
    const withoutMarker = (items: Record<string, unknown>[]) => items.filter((item) => item.type !== 'SEED');
    expect(withoutMarker(afterResume)).toEqual(withoutMarker(afterFirst));
    expect(afterResume).toHaveLength(afterFirst.length);
  });
});

describe('demo seed of the running stack', () => {
  it('registered the demo accounts in the stack table', async () => {
    useStack();
    resetDocumentClient();
    for (const account of DEMO_ACCOUNTS) {
      const people = await findRegisteredPeople(account.email);
      expect(people).toHaveLength(1);
      expect(people[0]!.personType).toBe(account.role === 'staff' ? 'STAFF' : 'PARENT');
    }
  });
});
