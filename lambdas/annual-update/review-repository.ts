import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { queryAll } from '../common/query';
import type { TransactItem } from '../common/transact';
import { stripKeys } from '../directory/public';
import { PendingChangeSchema, type PendingChange } from '@shared/rules/annual-update-review';

/**
 * Answers held for review (docs/data-model.md, pattern "pending change"): `CAMPAIGN#<id>` / `PENDING#<parentId>`,
 * one per parent and campaign. Written and deleted only inside the transactions that cause them (the parent's
 * answer, the administrator's decision), so a held answer and what was published never disagree.
 */
export function pendingChangeItem(change: PendingChange): Record<string, unknown> {
  return { ...keys.pendingChange(change.campaignId, change.parentId), type: 'PENDING_CHANGE', ...PendingChangeSchema.parse(change) };
}

/** Replaces the parent's held answer (a new answer replaces the previous one whole). */
export function putPendingItem(change: PendingChange): TransactItem {
  return { Put: { TableName: tableName(), Item: pendingChangeItem(change) } };
}

/** Removes the parent's held answer, whether or not there is one. */
export function deletePendingItem(campaignId: string, parentId: string): TransactItem {
  return { Delete: { TableName: tableName(), Key: keys.pendingChange(campaignId, parentId) } };
}

/**
 * The decision's condition on the held answer: still the one the administrator saw (same submission time), so a
 * parent's newer answer is never decided on blindly. `next`: what stays pending (undefined: nothing, deleted).
 */
export function decidePendingItem(seen: PendingChange, next: PendingChange | undefined): TransactItem {
  const condition = {
    ConditionExpression: 'submittedAt = :seen',
    ExpressionAttributeValues: { ':seen': seen.submittedAt },
  };
  if (next) return { Put: { TableName: tableName(), Item: pendingChangeItem(next), ...condition } };
  return { Delete: { TableName: tableName(), Key: keys.pendingChange(seen.campaignId, seen.parentId), ...condition } };
}

export async function getPendingChange(campaignId: string, parentId: string): Promise<PendingChange | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.pendingChange(campaignId, parentId), ConsistentRead: true }),
  );
  return result.Item ? PendingChangeSchema.parse(stripKeys(result.Item)) : undefined;
}

/** Every held answer of a campaign (one Query of its partition, PENDING# prefix). */
export async function listPendingChanges(campaignId: string): Promise<PendingChange[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.campaignPk(campaignId), ':prefix': keys.pendingChangePrefix() },
    ConsistentRead: true,
  });
  return items.map((item) => PendingChangeSchema.parse(stripKeys(item)));
}
