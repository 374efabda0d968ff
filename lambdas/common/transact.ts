import { PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './dynamo';
import { DYNAMODB_TRANSACT_LIMIT } from './directory-version';
import { AppError } from './errors';

/** One element of a TransactWriteItems call (document-client shapes). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's ceiling for one TransactWriteItems call, less the slot kept for the directory version bump. */
export const MAX_TRANSACT_ITEMS = DYNAMODB_TRANSACT_LIMIT - 1;

/**
 * True when a write lost to another one: a failed condition (someone else bumped the version), or, inside a
 * transaction, a concurrent transaction on the same item. Both mean "re-read and try again", i.e. CONFLICT.
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html
 */
export function isWriteConflict(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  if (name === 'ConditionalCheckFailedException' || name === 'TransactionConflictException') return true;
  return (cancellationCodes(error) ?? []).some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict');
}

/** The per-item reasons of a cancelled TransactWrite (aligned with its TransactItems), or undefined. */
export function cancellationCodes(error: unknown): (string | undefined)[] | undefined {
  if ((error as Error | undefined)?.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code);
}

export const isConditionFailure = (error: unknown) => (error as Error | undefined)?.name === 'ConditionalCheckFailedException';

/** A lost race with another transaction: worth retrying as is. */
export function isTransientConflict(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  if (name === 'TransactionConflictException' || name === 'TransactionInProgressException') return true;
  return (cancellationCodes(error) ?? []).some((code) => code === 'TransactionConflict');
}

/** Runs a TransactWrite; a lost race becomes AppError('CONFLICT'), anything else propagates. */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  if (items.length === 0) return;
  if (items.length > MAX_TRANSACT_ITEMS) {
    throw new Error(`TransactWrite of ${items.length} items exceeds the limit of ${MAX_TRANSACT_ITEMS}`);
  }
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isWriteConflict(error)) throw new AppError('CONFLICT');
    throw error;
  }
}

/** A Put's condition: the item must be new, or still be at the version the writer read. */
export type WriteCondition = 'create' | { expectedVersion: number };

/** A conditional Put, as a TransactWrite element (its `Put` is also a valid PutCommand input). */
export function conditionalPutItem(item: Record<string, unknown>, condition: WriteCondition): TransactItem {
  if (condition === 'create') {
    return { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } };
  }
  return {
    Put: {
      TableName: tableName(),
      Item: item,
      ConditionExpression: '#version = :expected',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':expected': condition.expectedVersion },
    },
  };
}

/** A Delete, as a TransactWrite element, of an item still at the version the writer read. */
export function conditionalDeleteItem(key: { pk: string; sk: string }, expectedVersion: number): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: key,
      ConditionExpression: '#version = :expected',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':expected': expectedVersion },
    },
  };
}

/** One conditional Put outside a transaction; a failed condition becomes AppError('CONFLICT'). */
export async function conditionalPut(item: Record<string, unknown>, condition: WriteCondition): Promise<void> {
  try {
    await documentClient().send(new PutCommand(conditionalPutItem(item, condition).Put!));
  } catch (error) {
    if (isWriteConflict(error)) throw new AppError('CONFLICT');
    throw error;
  }
}

/** An UpdateItem whose failed condition means "someone else got there first": false, not an error. */
export async function conditionalUpdate(
  input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>,
): Promise<boolean> {
  try {
    await documentClient().send(new UpdateCommand({ ...input, TableName: tableName() }));
    return true;
  } catch (error) {
    if (isWriteConflict(error)) return false;
    throw error;
  }
}
