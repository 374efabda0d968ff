import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { bulkWriteDirectory } from '../../lambdas/directory/directory-repository';
import { bootstrapFirstAdmin } from '../../lambdas/registry/admin-roles';
import { DEFAULT_SEED, DEMO_SCHOOL_YEAR, familyCount, generateSchool, type DemoSchool, type GenerateOptions } from './generate-school';

export { DEMO_ACCOUNTS } from './generate-school';

export interface SeedOptions extends GenerateOptions {
  /** Write the dataset even if its marker says it is already there (repairs a table edited by hand). */
  force?: boolean;
}

export interface SeedResult {
  dataset: string;
  /** True when the marker showed the dataset was already complete: nothing was written. */
  skipped: boolean;
  /**
   * Skipped, and the dataset in the table was written by another version of the generator (a checkout updated since
   * its first `npm start`): the demo accounts printed may not all exist there. `npm run reset` starts over.
   */
  outdated: boolean;
  /** Items written (directory, settings and registry; the marker excluded). */
  items: number;
  school: DemoSchool;
}

/** Name of a dataset, from what determines its content. */
export function datasetName(options: GenerateOptions = {}): string {
  return `demo-${options.seed ?? DEFAULT_SEED}-${familyCount(options)}`;
}

/**
 * What the generator makes, in 16 hex digits: the same school gives the same fingerprint. The school year is left
 * out: it is the year the demo was first started in (`schoolYear`), not a change of the generator.
 */
function fingerprintOf(school: DemoSchool): string {
  const sameYear = { ...school, settings: { ...school.settings, schoolYear: DEMO_SCHOOL_YEAR } };
  return createHash('sha256').update(JSON.stringify(sameYear)).digest('hex').slice(0, 16);
}

/**
 * Writes the demo school into the table (env TABLE_NAME / DYNAMODB_ENDPOINT) through the directory repository,
 * in bounded BatchWrite chunks, registry items included for everyone with an email. Idempotent: the generator
 * is deterministic, so a re-run after a crash rewrites exactly the same items; the marker written last makes a
 * later run write nothing. Seed one dataset per table: two scales in one table would mix two schools.
 */
export async function seedDemoSchool(options: SeedOptions = {}): Promise<SeedResult> {
  const dataset = datasetName(options);
  const school = generateSchool(options);
  // The demo administrator holds the table's first administrator role (one-shot: a table that already had one,
  // e.g. where the demo admin was revoked, is left as it is).
  await bootstrapFirstAdmin(school.accounts.admin.email, { kind: 'system', id: 'demo-seed' });
  const marker = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.seedMarker(dataset), ConsistentRead: true }),
  );
  const fingerprint = fingerprintOf(school);
  if (marker.Item && !options.force) {
    return { dataset, skipped: true, outdated: marker.Item.fingerprint !== fingerprint, items: 0, school };
  }
  // DynamoDB Local handles more parallel batches than a bulk job should send to AWS by default.
  const items = await bulkWriteDirectory(school, { concurrency: 8 });
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.seedMarker(dataset), type: 'SEED', dataset, items, fingerprint, seededAt: new Date().toISOString() },
    }),
  );
  return { dataset, skipped: false, outdated: false, items, school };
}
