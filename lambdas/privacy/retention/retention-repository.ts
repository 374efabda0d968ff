import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PurgeReportSchema, type PurgeReport } from '@shared/contracts/retention-api';
import { batchWriteAll, deleteRequests } from '../../common/batch';
import { documentClient, tableName } from '../../common/dynamo';
import { keys, withoutKeys } from '../../common/keys';
import { queryAll } from '../../common/query';
import { isConditionFailure } from '../../common/transact';

/**
 * The retention partition's purge reports (`RETENTION`, docs/data-model.md; the periods themselves are a school
 * setting of the kernel: lambdas/directory/retention-settings.ts) and the deletes of the purge (docs/privacy.md,
 * "Retention"). Reads are strongly consistent: a purge plans its deletes from what is there now.
 */

export type Item = Record<string, unknown>;
export type ItemKey = { pk: string; sk: string };

export const purgeReportItem = (report: PurgeReport): Item => ({
  ...keys.purgeReport(report.id),
  type: 'PURGE_REPORT',
  ...PurgeReportSchema.parse(report),
});

/** Every run's report, newest first (a run a day: a few hundred small items a year). */
export async function listPurgeReports(): Promise<PurgeReport[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.retentionPk(), ':prefix': keys.purgeReportPrefix() },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  return items.map((item) => PurgeReportSchema.parse(withoutKeys(item)));
}

/** Items of one partition (optionally under a sort-key prefix), keys and the named attributes only. */
export function queryPartition(pk: string, prefix?: string, attributes: string[] = []): Promise<Item[]> {
  const names = Object.fromEntries(['pk', 'sk', ...attributes].map((a, i) => [`#a${i}`, a]));
  return queryAll({
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: prefix ? { ':pk': pk, ':prefix': prefix } : { ':pk': pk },
    ProjectionExpression: Object.keys(names).join(', '),
    ExpressionAttributeNames: names,
    ConsistentRead: true,
  });
}

/** A gsi1 partition, newest (highest sort key) first; gsi1 reads are eventually consistent. */
export const queryIndex = (gsi1pk: string): Promise<Item[]> =>
  queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
    ScanIndexForward: false,
  });

export async function getItem(key: ItemKey): Promise<Item | undefined> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item;
}

/** Deletes items found by a read (so they exist): BatchWrite in chunks of 25, retried (lambdas/common/batch.ts). */
export async function deleteAll(itemKeys: ItemKey[]): Promise<number> {
  if (itemKeys.length === 0) return 0;
  await batchWriteAll(deleteRequests(itemKeys.map(({ pk, sk }) => ({ pk, sk }))), { concurrency: 2 });
  return itemKeys.length;
}

/** Deletes one item that may be gone already; true when it was there. */
export async function deleteIfThere(key: ItemKey): Promise<boolean> {
  const result = await documentClient().send(
    new DeleteCommand({ TableName: tableName(), Key: key, ReturnValues: 'ALL_OLD' }),
  );
  return result.Attributes !== undefined;
}

/** One purge at a time (docs/data-model.md #30): two at once would both count the same deletes. */
export const PURGE_LOCK = 'retention-purge';
/** Longer than any run (a Lambda's timeout, a CLI run): a crashed run frees it by itself. */
const PURGE_LEASE_SECONDS = 15 * 60;

/** Takes the purge's lease on the real clock; false when another run holds it. */
export async function acquirePurgeLock(owner: string): Promise<boolean> {
  const now = Date.now();
  const nowSeconds = Math.floor(now / 1000);
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.lock(PURGE_LOCK), type: 'LOCK', name: PURGE_LOCK, owner, acquiredAt: new Date(now).toISOString(), expiresAt: nowSeconds + PURGE_LEASE_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk) OR #expiresAt <= :now',
        ExpressionAttributeNames: { '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Releases the lease if this run still holds it. */
export async function releasePurgeLock(owner: string): Promise<void> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.lock(PURGE_LOCK),
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
