import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '@shared/schemas/table-schema';
import { documentClient, tableName } from './dynamo';

/** One put or delete of a BatchWriteItem call (document-client shapes: plain JS values). */
export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** What batchWriteAll needs from a client; tests wrap the real client with this to inject throttling. */
export interface BatchWriteClient {
  send(command: BatchWriteCommand): Promise<BatchWriteCommandOutput>;
}

export interface BatchWriteOptions {
  client?: BatchWriteClient;
  tableName?: string;
  /** Calls per chunk before giving up on its unprocessed items (first call included). */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt, capped at maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Chunks in flight at once. Bounded so a bulk job never floods the table (or DynamoDB Local). */
  concurrency?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface BatchWriteResult {
  written: number;
  calls: number;
}

/** BatchWriteItem accepts at most 25 requests per call. */
export const BATCH_SIZE = 25;

export class BatchWriteError extends Error {
  constructor(
    readonly unprocessed: number,
    readonly attempts: number,
  ) {
    super(`BatchWrite gave up after ${attempts} attempts with ${unprocessed} unprocessed items`);
    this.name = 'BatchWriteError';
  }
}

export const putRequests = (items: Record<string, unknown>[]): WriteRequest[] =>
  items.map((Item) => ({ PutRequest: { Item } }));

export const deleteRequests = (itemKeys: Record<string, unknown>[]): WriteRequest[] =>
  itemKeys.map((Key) => ({ DeleteRequest: { Key } }));

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Writes any number of puts/deletes in BatchWriteItem calls of 25, a few in parallel. BatchWriteItem succeeds
 * even when DynamoDB skipped some items (throttling, partition limits) and returns them as UnprocessedItems:
 * those are retried with exponential backoff and jitter, as the AWS docs ask, up to `maxAttempts` calls per
 * chunk; then a BatchWriteError says how many were left. Keys must be unique across the whole call: DynamoDB
 * rejects a batch holding one key twice, and two writes of one key in different batches race.
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchWriteItem.html
 */
export async function batchWriteAll(
  requests: readonly WriteRequest[],
  options: BatchWriteOptions = {},
): Promise<BatchWriteResult> {
  assertUniqueKeys(requests);
  const client = options.client ?? documentClient();
  const table = options.tableName ?? tableName();
  const maxAttempts = options.maxAttempts ?? 8;
  const baseDelayMs = options.baseDelayMs ?? 50;
  const maxDelayMs = options.maxDelayMs ?? 5_000;
  const sleep = options.sleep ?? defaultSleep;

  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_SIZE) chunks.push(requests.slice(i, i + BATCH_SIZE));

  let calls = 0;
  let failed = false;
  let nextChunk = 0;

  const writeChunk = async (chunk: WriteRequest[]): Promise<void> => {
    let pending = chunk;
    for (let attempt = 1; ; attempt++) {
      calls++;
      // A call that fails as a whole (throttling included) was already retried by the SDK, with its own
      // back-off and bound: retrying it again here would multiply both, so its error goes to the caller.
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = result.UnprocessedItems?.[table] ?? [];
      if (pending.length === 0) return;
      if (attempt >= maxAttempts) throw new BatchWriteError(pending.length, attempt);
      const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
    }
  };

  const worker = async (): Promise<void> => {
    while (!failed && nextChunk < chunks.length) {
      const chunk = chunks[nextChunk++]!;
      try {
        await writeChunk(chunk);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };

  const workers = Math.max(1, Math.min(options.concurrency ?? 4, chunks.length));
  // Wait for every worker, so no write is still in flight when the caller hears about a failure.
  const outcomes = await Promise.allSettled(Array.from({ length: workers }, worker));
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return { written: requests.length, calls };
}

function assertUniqueKeys(requests: readonly WriteRequest[]): void {
  const seen = new Set<string>();
  for (const request of requests) {
    const key = request.PutRequest?.Item ?? request.DeleteRequest?.Key;
    if (!key) throw new Error('BatchWrite request without an item or a key');
    const id = `${String(key[TABLE_KEYS.partitionKey])}\u0000${String(key[TABLE_KEYS.sortKey])}`;
    if (seen.has(id)) throw new Error(`BatchWrite requests must have unique keys (duplicate sort key type ${typeOf(key)})`);
    seen.add(id);
  }
}

/** The key's entity type only: keys may hold emails, which must not reach logs or error messages. */
function typeOf(key: Record<string, unknown>): string {
  return String(key[TABLE_KEYS.sortKey]).split('#')[0] ?? '?';
}
