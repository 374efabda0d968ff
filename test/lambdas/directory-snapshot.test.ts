import { gunzipSync } from 'node:zlib';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as formHandler } from '../../lambdas/annual-update/index';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { DIRECTORY_VERSION_PK, keys } from '../../lambdas/common/keys';
import { bulkWriteDirectory, getEntity, getSettings, readDirectory } from '../../lambdas/directory/directory-repository';
import { settingsFormOf } from '@shared/contracts/school-settings-api';
import { rewriteRecord } from './directory-writes';
import {
  forgetDirectoryInMemory,
  keptBodies,
  MAX_BODIES,
  preparedBodyOf,
} from '../../lambdas/directory/directory-snapshot';
import { buildDirectoryResponse, viewerOf } from '../../lambdas/directory/directory-service';
import { handler as directoryHandler } from '../../lambdas/directory/index';
import {
  currentDirectoryVersion,
  readStoredSnapshot,
  storeSnapshot,
} from '../../lambdas/directory/snapshot-repository';
import { runPurge } from '../../lambdas/privacy/retention/purge-service';
import { findRegisteredPeople } from '../../lambdas/registry/registry-repository';
import { restoreItems, scanTable } from '../../local/cli/table-backup';
import { dynamoClient } from '../../local/dynamodb';
import type { ParentForm } from '@shared/rules/parent-form';
import { workerStack } from '../support/stack';
import { callAdmin, csvFilesOf } from './admin-support';
import { adminClaims, invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { apiEvent, claimsFor, uniqueEmail } from './auth-support';
import { useDirectoryTable } from './directory-support';

/**
 * GET /api/directory served from the snapshot of the directory's version (docs/decisions/a-directory-read-near-the-floor-a-version-a-snapshot-per.md, "A directory read
 * near the floor"), against this file's own table: after every kind of directory write, the next read (with the
 * tag held before the write) is a 200 equal to what the visibility rule makes of the table read afresh; a read
 * with no write in between is a 304; a cold function agrees with a warm one; two viewers never share a tag.
 */
useDirectoryTable('directory-snapshot');

let school: SmallSchool;
let viewerEmail: string;

async function read(email: string, etag?: string) {
  const event = apiEvent({ method: 'GET', resource: '/api/directory', claims: claimsFor(email) });
  if (etag) event.headers['If-None-Match'] = etag;
  const response = (await directoryHandler(event)) as APIGatewayProxyResult;
  return { status: response.statusCode, etag: String(response.headers?.ETag), text: response.body };
}

/**
 * A read as a browser sends it (Accept and Accept-Encoding): the kept gzip body, base64-encoded with
 * isBase64Encoded, as API Gateway receives it before turning it into bytes.
 */
async function readAsBrowser(email: string, etag?: string) {
  const event = apiEvent({ method: 'GET', resource: '/api/directory', claims: claimsFor(email) });
  Object.assign(event.headers, { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' }, etag ? { 'If-None-Match': etag } : {});
  const response = (await directoryHandler(event)) as APIGatewayProxyResult;
  const text = response.isBase64Encoded ? gunzipSync(Buffer.from(response.body, 'base64')).toString('utf8') : response.body;
  return { status: response.statusCode, etag: String(response.headers?.ETag), encoding: response.headers?.['Content-Encoding'], text };
}

/** What the rule makes of the table as it is now, read afresh (no snapshot, no memory). */
async function fromTable(email: string): Promise<string> {
  const [{ stats: _stats, ...lists }, settings, people] = await Promise.all([
    readDirectory({ consistent: true }),
    getSettings(),
    findRegisteredPeople(email),
  ]);
  return JSON.stringify(buildDirectoryResponse({ ...lists, ...(settings ? { settings } : {}) }, viewerOf(people)));
}

/** A write, then the next read with the tag held before it: never the old body, always the table's. */
async function expectSeen(write: () => Promise<unknown>, email = viewerEmail) {
  const before = await read(email);
  expect((await read(email, before.etag)).status).toBe(304);
  await write();
  const after = await read(email, before.etag);
  expect(after.status).toBe(200);
  expect(after.etag).not.toBe(before.etag);
  expect(after.text).toBe(await fromTable(email));
  return { before, after };
}

const admin = () => adminClaims(school.adminEmail);

beforeAll(async () => {
  school = await seedSmallSchool('snapshot');
  viewerEmail = school.reachable[1]!.email!;
});

describe('GET /api/directory bodies kept per version and viewer', () => {
  it('gives a browser the gzip of exactly the JSON a client without gzip gets, under the same tag', async () => {
    const plain = await read(viewerEmail);
    const zipped = await readAsBrowser(viewerEmail);
    const again = await readAsBrowser(viewerEmail);
    expect(zipped).toMatchObject({ status: 200, encoding: 'gzip', etag: plain.etag, text: plain.text });
    expect(again).toEqual(zipped);
    expect(plain.text).toBe(await fromTable(viewerEmail));
    expect((await readAsBrowser(viewerEmail, plain.etag)).status).toBe(304);
  });

  it('never hands one viewer the body kept for another, read in turn from the same function', async () => {
    const other = school.reachable[3]!.email!;
    // A parent hidden from this viewer only (a safety restriction), so the two viewers' bodies differ.
    const target = school.reachable[6]!;
    const current = (await getEntity('PARENT', target.id))!;
    const hiddenFrom = [school.parents.find((p) => p.email === viewerEmail)!.id];
    const restricted = await callAdmin('PUT', '/api/admin/parents/{id}/safety-restriction', {
      id: target.id,
      body: { hiddenFrom, version: current.version },
      claims: admin(),
    });
    expect(restricted.status).toBe(200);
    const [mine, theirs] = [await fromTable(viewerEmail), await fromTable(other)];
    expect(theirs).not.toBe(mine);
    for (let round = 0; round < 2; round++) {
      expect((await readAsBrowser(viewerEmail)).text).toBe(mine);
      expect((await readAsBrowser(other)).text).toBe(theirs);
      expect((await read(other)).text).toBe(theirs);
      expect((await read(viewerEmail)).text).toBe(mine);
    }
  });

  it('forgets every kept body once the version moves: after a write, each viewer gets the table as it is', async () => {
    const other = school.reachable[3]!.email!;
    const before = [await readAsBrowser(viewerEmail), await readAsBrowser(other)];
    expect(keptBodies()).toBeGreaterThanOrEqual(2);
    const target = school.reachable[5]!;
    const current = (await getEntity('PARENT', target.id))!;
    const edit = { firstName: 'Réécrite', lastName: current.lastName, email: current.email, version: current.version };
    expect((await callAdmin('PUT', '/api/admin/parents/{id}', { id: target.id, body: edit, claims: admin() })).status).toBe(200);
    const after = [await readAsBrowser(viewerEmail, before[0]!.etag), await readAsBrowser(other, before[1]!.etag)];
    expect(after.map((view) => view.status)).toEqual([200, 200]);
    expect(after[0]!.text).toBe(await fromTable(viewerEmail));
    expect(after[1]!.text).toBe(await fromTable(other));
    expect(after[0]!.text).toContain('"Réécrite"');
    // Only the two bodies of the new version are kept.
    expect(keptBodies()).toBe(2);
  });

  it('loads a version once for the requests that ask for it at the same time', async () => {
    const sent: string[] = [];
    const name = 'countSnapshotReads';
    documentClient().middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { ExpressionAttributeValues?: Record<string, unknown> };
        if (input.ExpressionAttributeValues?.[':pk'] === keys.directorySnapshotPk()) sent.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      const warm = await read(viewerEmail);
      forgetDirectoryInMemory();
      const reads = await Promise.all(Array.from({ length: 5 }, () => readAsBrowser(viewerEmail)));
      expect(reads.map((view) => view.text)).toEqual(Array.from({ length: 5 }, () => warm.text));
      expect(sent).toEqual(['QueryCommand']);
    } finally {
      documentClient().middlewareStack.remove(name);
    }
  });

  it('keeps at most MAX_BODIES bodies, the least recently read going first', async () => {
    const built: string[] = [];
    const bodyOf = (tag: string) => preparedBodyOf(tag, () => (built.push(tag), { tag }));
    forgetDirectoryInMemory();
    for (let i = 0; i < MAX_BODIES; i++) bodyOf(`"t${i}"`);
    bodyOf('"t0"'); // read again: now the most recent
    bodyOf('"new"'); // evicts t1, the least recently read
    expect(keptBodies()).toBe(MAX_BODIES);
    bodyOf('"t0"');
    bodyOf('"t1"');
    expect(built.filter((tag) => tag === '"t0"')).toHaveLength(1);
    expect(built.filter((tag) => tag === '"t1"')).toHaveLength(2);
    forgetDirectoryInMemory();
    expect(keptBodies()).toBe(0);
  });
});

/** DynamoDB calls sent through the one document client while `task` runs. */
async function dynamoCallsOf(task: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const name = 'countCallsOfOneRead';
  documentClient().middlewareStack.add(
    (next) => async (args) => {
      count++;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await task();
  } finally {
    documentClient().middlewareStack.remove(name);
  }
  return count;
}

describe('GET /api/directory: who the caller is, from the version just read', () => {
  it('admits a parent added a moment ago and refuses one removed a moment ago, the older snapshot still in memory', async () => {
    expect((await read(viewerEmail)).status).toBe(200);
    const email = uniqueEmail('arrivee');
    const created = await callAdmin('POST', '/api/admin/parents', { body: { firstName: 'Arielle', lastName: 'Nouvelle', email }, claims: admin() });
    expect(created.status).toBe(201);
    const record = created.json.record as { id: string; version: number };
    const first = await read(email);
    expect(first.status).toBe(200);
    expect(first.text).toBe(await fromTable(email));
    expect((await read(email, first.etag)).status).toBe(304);

    const body = { version: record.version, confirm: 'confirm' };
    expect((await callAdmin('DELETE', '/api/admin/parents/{id}', { id: record.id, body, claims: admin() })).status).toBe(200);
    for (const etag of [undefined, first.etag]) {
      const refused = await read(email, etag);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 'NOT_REGISTERED' } });
    }
  });

  it('reads only the version for a warm read and a revalidation: one DynamoDB call', async () => {
    const first = await readAsBrowser(viewerEmail);
    expect(first.status).toBe(200);
    expect(await dynamoCallsOf(async () => expect((await read(viewerEmail, first.etag)).status).toBe(304))).toBe(1);
    expect(await dynamoCallsOf(async () => expect((await readAsBrowser(viewerEmail)).status).toBe(200))).toBe(1);
    // An email the snapshot does not know is asked of the registry too before being refused.
    const stranger = uniqueEmail('inconnu');
    expect(await dynamoCallsOf(async () => expect((await read(stranger)).status).toBe(403))).toBe(2);
  });

  it('shares the version read among requests asking at the same time, and a request sent after a write sees it', async () => {
    const first = await read(viewerEmail);
    // The first request's read leaves at once; the nine asking while it is on its way share the next one.
    const together: Awaited<ReturnType<typeof read>>[] = [];
    const calls = await dynamoCallsOf(async () => together.push(...(await Promise.all(Array.from({ length: 10 }, () => read(viewerEmail, first.etag))))));
    expect(together.map((view) => view.status)).toEqual(Array.from({ length: 10 }, () => 304));
    expect(calls).toBeLessThanOrEqual(2);

    // A version read answered before an edit but held on its way back until the edit is acknowledged: requests
    // sent after the edit must not share it, but wait for a read of their own.
    const target = school.reachable[4]!;
    const current = (await getEntity('PARENT', target.id))!;
    const edit = { firstName: 'Partagée', lastName: current.lastName, email: current.email, version: current.version };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    const name = 'holdOneVersionRead';
    documentClient().middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { ExpressionAttributeValues?: Record<string, unknown> };
        const hold = holding && input.ExpressionAttributeValues?.[':pk'] === DIRECTORY_VERSION_PK;
        if (hold) holding = false;
        const result = await next(args);
        if (hold) await held;
        return result;
      },
      { step: 'initialize', name },
    );
    try {
      const during = read(viewerEmail, first.etag);
      expect((await callAdmin('PUT', '/api/admin/parents/{id}', { id: target.id, body: edit, claims: admin() })).status).toBe(200);
      expect(holding).toBe(false);
      const after = Array.from({ length: 10 }, () => read(viewerEmail, first.etag));
      release();
      const expected = await fromTable(viewerEmail);
      expect(expected).toContain('"Partagée"');
      for (const view of await Promise.all(after)) expect(view).toMatchObject({ status: 200, text: expected });
      expect((await during).status).toBe(304);
    } finally {
      // Never left held, whatever failed: every later version read in this process would wait behind it.
      release();
      documentClient().middlewareStack.remove(name);
    }
  });
});

describe('GET /api/directory from the version snapshot', () => {
  it('answers 304 while nothing changed, reading only the version', async () => {
    const first = await read(viewerEmail);
    expect(first.status).toBe(200);
    expect(first.text).toBe(await fromTable(viewerEmail));
    const again = await read(viewerEmail, first.etag);
    expect(again).toMatchObject({ status: 304, etag: first.etag, text: '' });
  });

  it('gives a cold function the same bytes as a warm one, from the stored snapshot or rebuilt', async () => {
    const warm = await read(viewerEmail);
    forgetDirectoryInMemory();
    const fromStored = await read(viewerEmail);
    const version = (await currentDirectoryVersion())!;
    expect((await readStoredSnapshot(version)).data).toBeDefined();
    // Without the stored parts either: rebuilt from the table and stored again.
    const parts = await documentClient().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.directorySnapshotPk() } }),
    );
    for (const part of parts.Items ?? []) {
      await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: { pk: part.pk, sk: part.sk } }));
    }
    forgetDirectoryInMemory();
    const rebuilt = await read(viewerEmail);
    expect(fromStored).toEqual(warm);
    expect(rebuilt).toEqual(warm);
    expect((await readStoredSnapshot(version)).data).toBeDefined();
  });

  it('never gives one viewer a 304 on another viewer’s tag', async () => {
    const other = school.reachable[3]!.email!;
    const mine = await read(viewerEmail);
    const theirs = await read(other);
    expect(theirs.etag).not.toBe(mine.etag);
    const crossed = await read(other, mine.etag);
    expect(crossed.status).toBe(200);
    expect(crossed.text).toBe(theirs.text);
  });

  it('never lets an older snapshot replace a newer one', async () => {
    await read(viewerEmail);
    const version = (await currentDirectoryVersion())!;
    const stored = await readStoredSnapshot(version);
    expect(stored.data).toBeDefined();
    const older = { ...version, n: version.n - 1 };
    expect(await storeSnapshot(older, { ...stored.data!, parents: [] }, stored.partKeys)).toBe(false);
    expect((await readStoredSnapshot(version)).data).toEqual(stored.data);
  });

  it('sees an administrator’s edit and a safety restriction', async () => {
    const target = school.reachable[2]!;
    await expectSeen(async () => {
      const current = (await getEntity('PARENT', target.id))!;
      const body = { firstName: 'Renommée', lastName: current.lastName, email: current.email, version: current.version };
      expect((await callAdmin('PUT', '/api/admin/parents/{id}', { id: target.id, body, claims: admin() })).status).toBe(200);
    });
    await expectSeen(async () => {
      const current = (await getEntity('PARENT', target.id))!;
      const body = { hiddenFrom: [school.parents.find((p) => p.email === viewerEmail)!.id], version: current.version };
      const result = await callAdmin('PUT', '/api/admin/parents/{id}/safety-restriction', { id: target.id, body, claims: admin() });
      expect(result.status).toBe(200);
    });
  });

  it('sees a parent’s own profile save', async () => {
    await expectSeen(async () => {
      const caller = claimsFor(viewerEmail);
      const loaded = await invoke(formHandler, { method: 'GET', resource: '/api/profile/form', claims: caller });
      const { id: _id, email: _email, ...fields } = (loaded.body as { form: ParentForm }).form.parent;
      const saved = await invoke(formHandler, { method: 'PUT', resource: '/api/profile', claims: caller, body: { data: { ...fields, phone: '514 555-0142' } } });
      expect(saved.status).toBe(200);
    });
  });

  it('sees a restore from a backup file', async () => {
    // workerStack, not useStack(): that would point TABLE_NAME back at the shared table.
    const stack = workerStack();
    const client = dynamoClient(stack.dynamoEndpoint, stack.region);
    try {
      const items = await scanTable(client, tableName());
      const target = school.reachable[4]!;
      const before = (await getEntity('PARENT', target.id))!;
      await rewriteRecord('PARENT', before, { ...before, firstName: 'Avant' });
      // The backup predates that edit: restoring it brings the old name back, and the read must show it.
      const { after } = await expectSeen(() => restoreItems(client, tableName(), items, { replace: true }));
      expect(after.text).not.toContain('"Avant"');
    } finally {
      client.destroy();
    }
  });

  it('keeps the tag through a write that leaves the directory alone (the retention purge)', async () => {
    const before = await read(viewerEmail);
    await runPurge({ now: new Date(), trigger: 'command' });
    expect((await read(viewerEmail, before.etag)).status).toBe(304);
  });

  it('keeps the tag when a write is refused (a stale version changes nothing)', async () => {
    const before = await read(viewerEmail);
    const target = school.reachable[2]!;
    const current = (await getEntity('PARENT', target.id))!;
    const body = { firstName: 'Périmée', lastName: current.lastName, email: current.email, version: current.version - 1 };
    expect((await callAdmin('PUT', '/api/admin/parents/{id}', { id: target.id, body, claims: admin() })).status).toBe(409);
    expect((await read(viewerEmail, before.etag)).status).toBe(304);
  });

  // Last: the import rewrites the school from CSV files (new records), which the other tests do not expect.
  it('sees a bulk write, a settings change and an import', async () => {
    await expectSeen(async () => {
      const current = (await getEntity('STAFF', school.staff[1]!.id))!;
      await bulkWriteDirectory({ classes: [], students: [], parents: [], committees: [], families: [], memberships: [], staff: [{ ...current, firstName: 'Groupée' }] });
    });
    await expectSeen(async () => {
      const settings = (await getSettings())!;
      const body = { ...settingsFormOf(settings), schoolName: 'École renommée', version: settings.version };
      expect((await callAdmin('PUT', '/api/admin/settings', { body, claims: admin() })).status).toBe(200);
    });
    await expectSeen(async () => {
      const current = await readDirectory({ consistent: true });
      const edited = { ...school, ...current, settings: (await getSettings())! };
      edited.staff = edited.staff.map((member, i) => (i === 0 ? { ...member, lastName: 'Importée' } : member));
      const files = csvFilesOf(edited, edited.settings, 'fr');
      let result;
      do result = await callAdmin('POST', '/api/admin/import/apply', { body: { files }, claims: admin() });
      while (result.status === 200 && !result.json.progress.complete);
      expect(result.status).toBe(200);
    });
  });
});
