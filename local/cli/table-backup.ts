import {
  BatchWriteItemCommand,
  ScanCommand,
  UpdateItemCommand,
  type UpdateItemCommandInput,
  type AttributeValue,
  type DynamoDBClient,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { bumpUpdate, DIRECTORY_SNAPSHOT_TYPE, DIRECTORY_VERSION_TYPE } from '../../lambdas/common/directory-version';

/**
 * Backup and restore of the whole table, for `npm run backup` / `npm run restore` (docs/operations.md). Items
 * travel in DynamoDB's own JSON form (`{"S": "..."}`), so a restore writes back exactly the types it read.
 *
 * Left out of a backup, because they mean nothing after a restore: rate-limit counters, leases (locks with an
 * `expiresAt`, held by a worker that will not exist after the restore: restored, they would block their workflow
 * until they expire) and anything whose `expiresAt` has passed (TTL deletes lazily). Locks without `expiresAt` are
 * workflow state, not leases (the campaign or progression in progress holds them until it is closed): they are
 * kept, or a second campaign could start beside the restored one.
 * Update-link tokens that are still valid are kept: they hold only SHA-256 hashes, and campaign participants
 * point at them, so parents' emailed links keep working after a restore.
 */
export const BACKUP_FORMAT = 'school-directory-backup';
// The directory version and its snapshot are derived (lambdas/common/directory-version.ts): a restore bumps the
// version itself, so every function's copy of the directory and every browser's ETag is superseded.
const DERIVED_TYPES: ReadonlySet<string> = new Set([DIRECTORY_VERSION_TYPE, DIRECTORY_SNAPSHOT_TYPE]);
export const TRANSIENT_TYPES: ReadonlySet<string> = new Set(['RATE_LIMIT', ...DERIVED_TYPES]);
const LEASE_TYPE = 'LOCK';

export type StoredItem = Record<string, AttributeValue>;
/** An item as written in a backup file: AttributeValue JSON, binary values in base64. */
export type BackupItem = Record<string, unknown>;

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  createdAt: string;
  source: { table: string; region: string };
  itemCount: number;
  /** Items per `type` (what the file holds, at a glance). */
  counts: Record<string, number>;
  items: BackupItem[];
}

/** Every item of the table, page by page. A Scan: fine for an operator's tool, never on a request path. */
export async function scanTable(client: DynamoDBClient, table: string): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  let ExclusiveStartKey: StoredItem | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Whether an item belongs in a backup (see the module comment). */
export function isKept(item: StoredItem, nowSeconds: number): boolean {
  if (TRANSIENT_TYPES.has(item.type?.S ?? '')) return false;
  const expiresAt = item.expiresAt?.N;
  if (item.type?.S === LEASE_TYPE && expiresAt !== undefined) return false;
  return expiresAt === undefined || Number(expiresAt) > nowSeconds;
}

// Binary attributes (none today) are the only values JSON cannot hold as they are.
function toJson(value: AttributeValue): unknown {
  if (value.B) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')) };
  if (value.L) return { L: value.L.map(toJson) };
  if (value.M) return { M: Object.fromEntries(Object.entries(value.M).map(([k, v]) => [k, toJson(v)])) };
  return value;
}

function fromJson(value: Record<string, unknown>): AttributeValue {
  if (typeof value.B === 'string') return { B: Buffer.from(value.B, 'base64') };
  if (Array.isArray(value.BS)) return { BS: (value.BS as string[]).map((b) => Buffer.from(b, 'base64')) };
  if (Array.isArray(value.L)) return { L: (value.L as Record<string, unknown>[]).map(fromJson) };
  if (value.M && typeof value.M === 'object') {
    return { M: Object.fromEntries(Object.entries(value.M as Record<string, Record<string, unknown>>).map(([k, v]) => [k, fromJson(v)])) };
  }
  return value as unknown as AttributeValue;
}

export function createBackup(items: StoredItem[], source: BackupFile['source'], now: Date): BackupFile {
  const kept = items.filter((item) => isKept(item, Math.floor(now.getTime() / 1000)));
  const counts: Record<string, number> = {};
  for (const item of kept) counts[item.type?.S ?? '?'] = (counts[item.type?.S ?? '?'] ?? 0) + 1;
  return {
    format: BACKUP_FORMAT,
    formatVersion: 1,
    createdAt: now.toISOString(),
    source,
    itemCount: kept.length,
    counts,
    items: kept.map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, toJson(v)]))),
  };
}

/** Reads a backup file's items back into stored form, refusing anything that is not a backup of this app. */
export function backupItems(file: unknown): StoredItem[] {
  const backup = file as Partial<BackupFile>;
  if (backup.format !== BACKUP_FORMAT || backup.formatVersion !== 1 || !Array.isArray(backup.items)) {
    throw new Error(`not a ${BACKUP_FORMAT} file (format version 1)`);
  }
  if (backup.items.length !== backup.itemCount) throw new Error('the file is incomplete: item count does not match');
  return backup.items.map((item) =>
    Object.fromEntries(Object.entries(item).map(([k, v]) => [k, fromJson(v as Record<string, unknown>)])),
  );
}

/** Whether the table holds any item at all. */
export async function isEmpty(client: DynamoDBClient, table: string): Promise<boolean> {
  const page = await client.send(new ScanCommand({ TableName: table, Limit: 1, ProjectionExpression: 'pk' }));
  return (page.Items ?? []).length === 0 && !page.LastEvaluatedKey;
}

const BATCH_SIZE = 25;

/**
 * Writes (or deletes) items in BatchWriteItem calls of 25, a few at a time, retrying unprocessed items with
 * exponential backoff and jitter (the AWS-documented pattern; lambdas/common/batch.ts does the same for
 * document-client items). Reports progress after each call.
 */
export async function writeBatches(
  client: DynamoDBClient,
  table: string,
  requests: WriteRequest[],
  options: { concurrency?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_SIZE) chunks.push(requests.slice(i, i + BATCH_SIZE));
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < chunks.length) {
      const chunk = chunks[next++]!;
      let pending = chunk;
      for (let attempt = 1; pending.length > 0; attempt++) {
        if (attempt > 10) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed after 10 attempts`);
        if (attempt > 1) {
          const ceiling = Math.min(5_000, 50 * 2 ** (attempt - 2));
          await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * (ceiling / 2)));
        }
        try {
          const result = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
          pending = result.UnprocessedItems?.[table] ?? [];
        } catch (error) {
          failed = true;
          throw error;
        }
      }
      done += chunk.length;
      options.onProgress?.(done, requests.length);
    }
  };
  // Wait for every worker, so no write is still in flight when the caller hears about a failure.
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(options.concurrency ?? 4, chunks.length) }, worker));
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

const keyOf = (item: StoredItem) => `${item.pk?.S}\u0000${item.sk?.S}`;

/**
 * Restores items into a table. An empty table gets them as they are. With `replace` (the CLI's --force), items
 * of the table that the backup does not hold are deleted first, so the table ends up exactly as backed up.
 */
export async function restoreItems(
  client: DynamoDBClient,
  table: string,
  items: StoredItem[],
  options: { replace?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ written: number; deleted: number }> {
  let deleted = 0;
  // The directory's version stays where it is (and moves on below); a file's copy of it would take it back.
  const kept = items.filter((item) => !DERIVED_TYPES.has(String(item.type?.S)));
  if (options.replace) {
    const wanted = new Set(kept.map(keyOf));
    const extra = (await scanTable(client, table)).filter(
      (item) => !wanted.has(keyOf(item)) && !DERIVED_TYPES.has(String(item.type?.S)),
    );
    await writeBatches(client, table, extra.map((item) => ({ DeleteRequest: { Key: { pk: item.pk!, sk: item.sk! } } })));
    deleted = extra.length;
  }
  await writeBatches(client, table, kept.map((Item) => ({ PutRequest: { Item } })), options);
  // This client is not the functions' one (whose writes bump the version themselves): bump once everything is
  // written, so no function keeps serving the directory it had before the restore.
  await client.send(new UpdateItemCommand(bumpUpdate(table, true) as unknown as UpdateItemCommandInput));
  return { written: kept.length, deleted };
}
