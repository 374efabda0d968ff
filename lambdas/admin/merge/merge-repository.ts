import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../common/dynamo';
import { keys } from '../../common/keys';
import { queryAll, queryDirectory } from '../../common/query';
import { TABLE_INDEXES } from '../../../shared/table-schema';

/**
 * Reads of the parent merge (docs/data-model.md, "Parent merge"): raw items, because the merge record keeps the
 * items exactly as they were so an undo can put them back. Every read is strongly consistent where DynamoDB
 * allows it (the campaign list is a gsi1 Query, eventually consistent; a campaign created a moment ago has no
 * participant of an older parent anyway).
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

/** The ids of every campaign, from gsi1 (pattern 18). */
export async function campaignIds(): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.campaignsGsi() },
    IndexName: TABLE_INDEXES.byPerson.name,
    ProjectionExpression: 'gsi1sk',
  });
  return items.map((item) => String(item.gsi1sk));
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
