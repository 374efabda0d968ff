import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTEXT_GRANTS, PARTITIONS, type ItemAction } from '../../lib/context-grants';

/**
 * The directory version (lambdas/common/directory-version.ts) is bumped by a middleware of the one document client
 * (lambdas/common/dynamo.ts). A write that reaches DynamoDB through another client would change the directory
 * without moving its version, and GET /api/directory would keep serving the snapshot of before. These checks fail
 * when code builds a client of its own or sends low-level write commands, and when a function that writes the
 * directory may not bump its version.
 */

const ROOT = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sources(relative);
    return /\.tsx?$/.test(name) ? [relative] : [];
  });
}

const ALL = [...sources('lambdas'), ...sources('local')];
const text = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Files allowed to build a DynamoDB client, and why. */
const OWN_CLIENTS: Record<string, string> = {
  'lambdas/common/dynamo.ts': 'the one document client, with the version middleware',
  'local/dynamodb.ts': 'creates tables (control plane only)',
  'local/cli/backup.ts': 'backup and restore; restoreItems bumps the version after writing',
};

/** Files allowed to send low-level write commands, and why. */
const LOW_LEVEL_WRITERS: Record<string, string> = {
  'lambdas/common/directory-version.ts': 'the middleware itself',
  'local/cli/table-backup.ts': 'restoreItems, which bumps the version after writing (its last write)',
};

describe('directory writes go through the version bump', () => {
  it('builds no DynamoDB client outside the toolkit and the operator tools', () => {
    const offenders = ALL.filter((file) => /new DynamoDBClient\(|DynamoDBDocumentClient\.from\(/.test(text(file)));
    expect(offenders.sort()).toEqual(Object.keys(OWN_CLIENTS).sort());
  });

  it('sends no low-level or PartiQL write command outside the toolkit and the restore', () => {
    const pattern = /\b(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems|ExecuteStatement|BatchExecuteStatement|ExecuteTransaction)Command\b/;
    const offenders = ALL.filter((file) => pattern.test(text(file)));
    expect(offenders.sort()).toEqual(Object.keys(LOW_LEVEL_WRITERS).sort());
    expect(text('local/cli/table-backup.ts')).toMatch(/new UpdateItemCommand\(bumpUpdate\(table, true\)/);
  });

  it('lets every function that may write the directory or the settings bump the version', () => {
    const writes: ItemAction[] = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];
    for (const [context, grants] of Object.entries(CONTEXT_GRANTS)) {
      const table = grants.table;
      if (table === 'none' || table === 'read' || table === 'readWrite') continue;
      const writesDirectory = table.items.some(
        (grant) =>
          grant.partitions.some((p) => p === PARTITIONS.directory || p === PARTITIONS.settings) &&
          grant.actions.some((action) => writes.includes(action)),
      );
      const bumps = table.items.some(
        (grant) => grant.partitions.includes(PARTITIONS.directoryVersion) && grant.actions.includes('UpdateItem'),
      );
      expect({ context, bumps: writesDirectory ? bumps : true }).toEqual({ context, bumps: true });
    }
  });
});
