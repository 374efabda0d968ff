import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../common/dynamo';
import { keys } from '../../common/keys';
import { queryDirectory } from '../../common/query';

/**
 * Reads of the parent merge (docs/data-model.md, "Parent merge"): raw items, because the merge record keeps the
 * items exactly as they were so an undo can put them back. Every read is strongly consistent. The campaign items
 * are read and changed by the annual update's surface (lambdas/annual-update/parent-merge.ts).
 */

export type Item = Record<string, unknown>;
export type ItemKey = { pk: string; sk: string };

export const keyOf = (item: ItemKey): string => `${item.pk}|${item.sk}`;

/** One item by key, strongly consistent; undefined when absent. */
export async function getRaw(key: ItemKey): Promise<Item | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: { pk: key.pk, sk: key.sk }, ConsistentRead: true }),
  );
  return result.Item;
}

/** Several items by key, strongly consistent, in the order asked (a few dozen at most: one merge's items). */
export function getRawMany(itemKeys: readonly ItemKey[]): Promise<(Item | undefined)[]> {
  return Promise.all(itemKeys.map(getRaw));
}

/** The whole directory partition, raw and strongly consistent (pattern 1): parents, links, seats, classes. */
export function directoryItems(): Promise<Item[]> {
  return queryDirectory({ consistent: true });
}

/** The recent merge records, newest first (the partition only ever holds 30 days of them, plus lazy TTL leftovers). */
export async function listMergeRecords(limit = 100): Promise<Item[]> {
  const result = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.parentMergesPk(), ':prefix': keys.parentMergePrefix() },
      ScanIndexForward: false,
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return result.Items ?? [];
}
