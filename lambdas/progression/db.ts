import { createHash } from 'node:crypto';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { queryAll, type Db } from '../common/query';

/**
 * The DynamoDB access of the progression context goes through an explicit client, not the module-wide one, so
 * the apply can be run against a client that fails on purpose (the kill tests) and a second run against a
 * healthy one.
 */
export type { Db } from '../common/query';
export type Item = Record<string, unknown>;

/** A Query to the end, strongly consistent unless it reads an index (GSIs cannot be). */
export function queryAllWith(db: Db, input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  return queryAll({ ConsistentRead: input.IndexName ? undefined : true, ...input }, { db });
}

/** Items of `pk` whose sort key starts with `prefix`. */
export const queryPrefix = (db: Db, pk: string, prefix: string) =>
  queryAllWith(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
  });

/**
 * A ULID fixed by its inputs: the time part is `at`, the random part comes from a hash of `seed`. Used for the
 * ids the apply writes (audit entries), so a resumed run writes the very same items as an uninterrupted one.
 */
export function stableUlid(at: string, seed: string): string {
  const bytes = createHash('sha256').update(seed).digest();
  let i = 0;
  return ulid(Date.parse(at), () => bytes[i++ % bytes.length]! / 256);
}

/** Runs `task` over `inputs` with at most `limit` in flight; the first failure is thrown after all settle. */
export async function mapLimit<T, R>(inputs: readonly T[], limit: number, task: (input: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < inputs.length) {
      const index = next++;
      try {
        results[index] = await task(inputs[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(limit, inputs.length)) }, worker));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
