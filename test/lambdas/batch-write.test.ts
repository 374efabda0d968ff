import { BatchWriteCommand, GetCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  BATCH_SIZE,
  BatchWriteError,
  batchWriteAll,
  deleteRequests,
  putRequests,
  type BatchWriteClient,
  type WriteRequest,
} from '../../lambdas/common/batch';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { scanAll, useDirectoryTable } from './directory-support';

useDirectoryTable('batch-write');

const items = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ pk: `TEST#${prefix}`, sk: `ITEM#${String(i).padStart(4, '0')}`, n: i }));

const noSleep = async () => undefined;

/**
 * DynamoDB Local never throttles, so throttling is injected: this client forwards each batch to the real table
 * but holds back part of it and reports it as UnprocessedItems, as DynamoDB does under load.
 */
function throttlingClient(holdBack: (call: number, requests: WriteRequest[]) => number): BatchWriteClient & { calls: number } {
  const client = {
    calls: 0,
    async send(command: BatchWriteCommand): Promise<BatchWriteCommandOutput> {
      client.calls++;
      const table = Object.keys(command.input.RequestItems ?? {})[0]!;
      const requests = command.input.RequestItems![table]!;
      const held = Math.min(requests.length, holdBack(client.calls, requests));
      const sent = requests.slice(0, requests.length - held);
      const result = sent.length
        ? await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: sent } }))
        : ({ $metadata: {} } as BatchWriteCommandOutput);
      const unprocessed = [...(result.UnprocessedItems?.[table] ?? []), ...requests.slice(requests.length - held)];
      return { ...result, UnprocessedItems: unprocessed.length ? { [table]: unprocessed } : {} };
    },
  };
  return client;
}

describe('batchWriteAll', () => {
  it('writes more than 25 items in chunks of 25', async () => {
    const written = items('plain', 130);
    const result = await batchWriteAll(putRequests(written));
    expect(result).toEqual({ written: 130, calls: Math.ceil(130 / BATCH_SIZE) });
    const stored = (await scanAll()).filter((item) => item.pk === 'TEST#plain');
    expect(stored).toEqual(written);
  });

  it('retries unprocessed items with backoff until every item is written', async () => {
    const written = items('throttled', 80);
    const delays: number[] = [];
    // The first three calls each leave 10 items unprocessed: the first chunk needs three retries.
    const client = throttlingClient((call) => (call <= 3 ? 10 : 0));
    const result = await batchWriteAll(putRequests(written), {
      client,
      concurrency: 1,
      baseDelayMs: 10,
      sleep: async (ms) => void delays.push(ms),
    });
    expect(result).toEqual({ written: 80, calls: Math.ceil(80 / BATCH_SIZE) + 3 });
    expect((await scanAll()).filter((item) => item.pk === 'TEST#throttled')).toEqual(written);
    // Exponential backoff with jitter: attempt n waits between half and all of 10 ms * 2^(n-1).
    expect(delays).toHaveLength(3);
    delays.forEach((delay, i) => {
      expect(delay).toBeGreaterThanOrEqual(5 * 2 ** i);
      expect(delay).toBeLessThanOrEqual(10 * 2 ** i);
    });
  });

  it('gives up with a clear error after the maximum number of attempts', async () => {
    const client = throttlingClient(() => 5);
    const error = await batchWriteAll(putRequests(items('stuck', 30)), {
      client,
      maxAttempts: 3,
      sleep: noSleep,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchWriteError);
    expect((error as BatchWriteError).unprocessed).toBe(5);
    expect((error as BatchWriteError).attempts).toBe(3);
    expect((error as Error).message).toMatch(/after 3 attempts with 5 unprocessed items/);
  });

  it('deletes in batches too', async () => {
    const keys = items('deleted', 40).map(({ pk, sk }) => ({ pk, sk }));
    await batchWriteAll(putRequests(items('deleted', 40)));
    await batchWriteAll(deleteRequests(keys));
    const left = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys[0]! }));
    expect(left.Item).toBeUndefined();
  });

  it('refuses duplicate keys before writing anything', async () => {
    const twice = [...items('dup', 3), ...items('dup', 1)];
    await expect(batchWriteAll(putRequests(twice))).rejects.toThrow(/unique keys/);
    expect((await scanAll()).filter((item) => item.pk === 'TEST#dup')).toEqual([]);
  });
});
