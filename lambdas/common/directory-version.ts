import { createHash } from 'node:crypto';
import { QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { InitializeHandlerArguments, InitializeHandlerOutput, MetadataBearer } from '@smithy/types';
import { ulid } from 'ulid';
import { DIRECTORY_PK, DIRECTORY_VERSION_PK, keys } from './keys';

/**
 * The directory version (docs/decisions/a-directory-read-near-the-floor-a-version-a-snapshot-per.md, "A directory read near the floor"): one counter that every write to
 * the directory partition or to the school settings bumps, so GET /api/directory can serve a snapshot built once
 * per version and answer If-None-Match from the version alone.
 *
 * The ONE choke point is the document client itself (lambdas/common/dynamo.ts installs this middleware): every
 * write command that reaches DynamoDB through it is looked at, whichever repository sent it.
 * - TransactWriteItems touching the directory: the bump is appended to the same transaction (so a transaction
 *   holds at most 99 items of its own: MAX_TRANSACT_ITEMS in transact.ts).
 * - PutItem, UpdateItem, DeleteItem without ReturnValues: sent as a two-item transaction (write + bump).
 * - BatchWriteItem, and single writes asking for ReturnValues: the bump follows the write, before the caller
 *   hears of its success. A reader reads the version before the directory, so a snapshot tagged with a version
 *   published after a write always holds it; one built during a write is superseded by the bump that follows.
 * - PartiQL writes are refused: nothing here parses them.
 * test/lambdas/directory-version-guard.test.ts fails when code builds a DynamoDB client of its own.
 */

type Attributes = Record<string, unknown>;
type Input = Record<string, unknown>;
type Next = (args: InitializeHandlerArguments<Input>) => Promise<InitializeHandlerOutput<MetadataBearer>>;

/** DynamoDB's own ceiling for one TransactWriteItems call. */
export const DYNAMODB_TRANSACT_LIMIT = 100;
const CONFLICT_RETRIES = 8;
const MIDDLEWARE_NAME = 'directoryVersionBump';

/** A key's attribute, whether the input is document-shaped ('x') or low-level ({ S: 'x' }). */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const s = (value as { S?: unknown } | undefined)?.S;
  return typeof s === 'string' ? s : undefined;
}

/** Whether an item (or key) belongs to what GET /api/directory serves: the directory partition or the settings. */
export function isDirectoryKey(key: Attributes | undefined): boolean {
  if (!key) return false;
  const [pk, sk] = [text(key.pk), text(key.sk)];
  const settings = keys.settings();
  return pk === DIRECTORY_PK || (pk === settings.pk && sk === settings.sk);
}

const isVersionKey = (key: Attributes | undefined) => !!key && text(key.pk) === DIRECTORY_VERSION_PK;

/**
 * The counter is spread over a few items (shards), one picked at random per bump: concurrent directory
 * transactions (an import runs four at a time) then rarely meet on the same item. The version is read whole with
 * one Query of their partition.
 */
export const VERSION_SHARDS = 8;

const lowLevel = (key: Attributes | undefined) => !!key && typeof key.pk !== 'string';

/** Item types of the derived items: left out of backups and of "nothing changed" comparisons. */
export const DIRECTORY_VERSION_TYPE = 'DIRECTORY_VERSION';
export const DIRECTORY_SNAPSHOT_TYPE = 'DIRECTORY_SNAPSHOT';

/**
 * The bump (an UpdateItem input, document-shaped or low-level when `raw`): ADD 1, with an epoch (a fresh ULID)
 * set only when the counter item is created (a new or reset table), so a version never repeats in one table.
 */
export function bumpUpdate(table: string, raw: boolean): Input {
  const key = keys.directoryVersionShard(Math.floor(Math.random() * VERSION_SHARDS));
  return {
    TableName: table,
    Key: raw ? { pk: { S: key.pk }, sk: { S: key.sk } } : key,
    UpdateExpression: 'ADD #n :one SET #epoch = if_not_exists(#epoch, :epoch), #type = :type',
    ExpressionAttributeNames: { '#n': 'n', '#epoch': 'epoch', '#type': 'type' },
    ExpressionAttributeValues: raw
      ? { ':one': { N: '1' }, ':epoch': { S: ulid() }, ':type': { S: DIRECTORY_VERSION_TYPE } }
      : { ':one': 1, ':epoch': ulid(), ':type': DIRECTORY_VERSION_TYPE },
  };
}

type TransactElement = Record<string, { TableName?: string; Key?: Attributes; Item?: Attributes } | undefined>;

function elementKey(element: TransactElement): { table?: string; key?: Attributes } {
  const op = element.Put ?? element.Update ?? element.Delete ?? element.ConditionCheck;
  return { table: op?.TableName, key: op?.Item ?? op?.Key };
}

/** TransactWriteItems: append the bump when a written element is a directory item (ConditionChecks write nothing). */
async function transactWithBump(next: Next, args: InitializeHandlerArguments<Input>) {
  const items = (args.input.TransactItems ?? []) as TransactElement[];
  const written = items.filter((element) => !element.ConditionCheck).map(elementKey);
  const target = written.find(({ key }) => isDirectoryKey(key));
  if (!target || items.some((element) => isVersionKey(elementKey(element).key))) return next(args);
  if (items.length >= DYNAMODB_TRANSACT_LIMIT) {
    throw new Error(`A directory TransactWrite holds at most ${DYNAMODB_TRANSACT_LIMIT - 1} items (one is the version bump)`);
  }
  const bumped = { ...args, input: { ...args.input, TransactItems: [...items, { Update: bumpUpdate(target.table!, lowLevel(target.key)) }] } };
  return retryVersionConflicts(() => next(bumped), items.length);
}

/** Two directory transactions racing on the version item: neither was applied, so sending again is safe. */
async function retryVersionConflicts<T>(send: () => Promise<T>, bumpIndex: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const reasons = (error as { name?: string; CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      const onlyVersion =
        (error as Error).name === 'TransactionCanceledException' &&
        reasons?.[bumpIndex]?.Code === 'TransactionConflict' &&
        reasons.every((reason, i) => i === bumpIndex || !reason.Code || reason.Code === 'None');
      if (!onlyVersion || attempt >= CONFLICT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

const SINGLE_WRITES: Record<string, 'Put' | 'Update' | 'Delete'> = {
  PutItemCommand: 'Put',
  UpdateItemCommand: 'Update',
  DeleteItemCommand: 'Delete',
};

/** A single write of a directory item, sent as one transaction with the bump; its failure keeps its own name. */
async function singleWriteWithBump(client: DynamoDBDocumentClient, op: 'Put' | 'Update' | 'Delete', input: Input) {
  const { ReturnValues: _none, ReturnConsumedCapacity: _c, ReturnItemCollectionMetrics: _m, ...write } = input;
  try {
    const items = [{ [op]: write }, { Update: bumpUpdate(String(input.TableName), false) }];
    const result = await retryVersionConflicts(() => client.send(new TransactWriteCommand({ TransactItems: items } as never)), 1);
    return { output: { $metadata: result.$metadata }, response: {} } as InitializeHandlerOutput<MetadataBearer>;
  } catch (error) {
    const code = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.[0]?.Code;
    if (code === 'ConditionalCheckFailed' || code === 'TransactionConflict') {
      const name = code === 'ConditionalCheckFailed' ? 'ConditionalCheckFailedException' : 'TransactionConflictException';
      throw Object.assign(new Error(`${op} refused: ${code}`), { name, $fault: 'client', $metadata: (error as MetadataBearer).$metadata });
    }
    throw error;
  }
}

/** Bump after a write that cannot share a transaction (BatchWrite, ReturnValues): only once it succeeded. */
async function bumpAfter(client: DynamoDBDocumentClient, table: string, result: InitializeHandlerOutput<MetadataBearer>) {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new UpdateCommand(bumpUpdate(table, false) as never));
      return result;
    } catch (error) {
      if ((error as Error).name !== 'TransactionConflictException' || attempt >= CONFLICT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

function batchTouchesDirectory(input: Input): string | undefined {
  const requests = (input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item?: Attributes }; DeleteRequest?: { Key?: Attributes } }[]>;
  return Object.entries(requests).find(([, list]) =>
    list.some((request) => isDirectoryKey(request.PutRequest?.Item ?? request.DeleteRequest?.Key)),
  )?.[0];
}

const PARTIQL = new Set(['ExecuteStatementCommand', 'BatchExecuteStatementCommand', 'ExecuteTransactionCommand']);

/** Installs the bump on a client (dynamo.ts does it for the one document client). */
export function installDirectoryVersioning(client: DynamoDBDocumentClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      const input = args.input as Input;
      if (command === 'TransactWriteItemsCommand') return transactWithBump(next as Next, args as InitializeHandlerArguments<Input>);
      if (command === 'BatchWriteItemCommand') {
        const table = batchTouchesDirectory(input);
        const result = await next(args);
        return table ? bumpAfter(client, table, result as InitializeHandlerOutput<MetadataBearer>) : result;
      }
      if (PARTIQL.has(command)) throw new Error('PartiQL is not used here: it would bypass the directory version');
      const op = SINGLE_WRITES[command];
      const key = (input.Item ?? input.Key) as Attributes | undefined;
      if (!op || !isDirectoryKey(key)) return next(args);
      const plain = !input.ReturnValues || input.ReturnValues === 'NONE';
      if (plain && !lowLevel(key)) return singleWriteWithBump(client, op, input);
      const result = await next(args);
      return bumpAfter(client, String(input.TableName), result as InitializeHandlerOutput<MetadataBearer>);
    },
    { step: 'initialize', name: MIDDLEWARE_NAME, override: true },
  );
}

/**
 * The directory's version: `n` counts the bumps (the sum of the shards); `epoch` identifies the shard items
 * themselves (a digest of their creation ULIDs), so a reset table never repeats an earlier version.
 */
export interface DirectoryVersion {
  readonly epoch: string;
  readonly n: number;
}

/** The current version, strongly consistent (one Query of a few tiny items); undefined before any versioned write. */
export async function readDirectoryVersion(
  client: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
): Promise<DirectoryVersion | undefined> {
  const result = await client.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': DIRECTORY_VERSION_PK },
      ConsistentRead: true,
    }),
  );
  const shards = (result.Items ?? []).filter((item) => typeof item.epoch === 'string' && typeof item.n === 'number');
  if (shards.length === 0) return undefined;
  const epochs = shards.map((item) => `${String(item.sk)}=${String(item.epoch)}`).sort().join(',');
  return {
    epoch: createHash('sha256').update(epochs, 'utf8').digest('base64url').slice(0, 16),
    n: shards.reduce((sum, item) => sum + (item.n as number), 0),
  };
}
