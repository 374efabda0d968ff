import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConsentEntry } from '@shared/contracts/privacy-consent-api';
import type { CARPOOL_SEND_STATES } from '@shared/contracts/carpool-api';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { queryAll } from '../common/query';
import { consentItem } from '../directory/public';

/**
 * Families near me, storage (docs/messages.md, "Families near me"): partition `CARPOOL`. `OPTIN#<parentId>` exists
 * while the parent has it on (turning it off deletes it, in the same transaction as the consent-log entry);
 * `MSG#<authorId>#<clientKey>` records each message to a neighbour: claimed before SES is called, its outcome after.
 */

export type CarpoolSendState = (typeof CARPOOL_SEND_STATES)[number];

export interface CarpoolSendRecord {
  authorId: string;
  clientKey: string;
  recipientId: string;
  createdAt: string;
  state: CarpoolSendState;
}

/** The parents who have it on (one Query of a small partition). */
export async function listOptIns(): Promise<Set<string>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.carpoolPk(), ':prefix': keys.carpoolOptInPrefix() },
    ProjectionExpression: 'parentId',
    ConsistentRead: true,
  });
  return new Set(items.map((item) => String(item.parentId)));
}

/** Whether this parent has it on (one GetItem). */
export async function hasOptIn(parentId: string): Promise<boolean> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.carpoolOptIn(parentId), ConsistentRead: true }));
  return result.Item !== undefined;
}

/** Turns it on or off for one parent, with its consent-log entry, in one transaction. */
export async function writeOptIn(parentId: string, optedIn: boolean, entry: ConsentEntry, at: string): Promise<void> {
  const key = keys.carpoolOptIn(parentId);
  const change = optedIn
    ? { Put: { TableName: tableName(), Item: { ...key, type: 'CARPOOL_OPTIN', parentId, at } } }
    : { Delete: { TableName: tableName(), Key: key } };
  await documentClient().send(new TransactWriteCommand({ TransactItems: [change, { Put: { TableName: tableName(), Item: consentItem(entry) } }] }));
}

/** The author's messages to neighbours since `since` (for the quota). */
export async function sentSince(authorId: string, since: string): Promise<CarpoolSendRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.carpoolPk(), ':prefix': keys.carpoolMessagePrefix(authorId), ':since': since },
    FilterExpression: 'createdAt > :since',
    ConsistentRead: true,
  });
  return items as unknown as CarpoolSendRecord[];
}

/** Records the attempt before SES is called; false when this request id was already used (a retry). */
export async function claimSend(record: CarpoolSendRecord): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.carpoolMessage(record.authorId, record.clientKey), type: 'CARPOOL_MESSAGE', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function getSend(authorId: string, clientKey: string): Promise<CarpoolSendRecord | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.carpoolMessage(authorId, clientKey), ConsistentRead: true }),
  );
  return result.Item as CarpoolSendRecord | undefined;
}

export async function recordSend(authorId: string, clientKey: string, state: CarpoolSendState): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.carpoolMessage(authorId, clientKey),
      UpdateExpression: 'SET #state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': state },
    }),
  );
}
