import { createHash } from 'node:crypto';
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { tableName } from '../common/dynamo';

/**
 * The DynamoDB access of the progression context goes through an explicit client, not the module-wide one, so
 * the apply can be run against a client that fails on purpose (the kill tests) and a second run against a
 * healthy one.
 */
export type Db = Pick<DynamoDBDocumentClient, 'send'>;
export type Item = Record<string, unknown>;

/** A Query to the end, strongly consistent unless it reads an index (GSIs cannot be). */
export async function queryAllWith(db: Db, input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        ConsistentRead: input.IndexName ? undefined : true,
        ...input,
        TableName: tableName(),
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Items of `pk` whose sort key starts with `prefix`. */
export const queryPrefix = (db: Db, pk: string, prefix: string) =>
  queryAllWith(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
  });

interface CancellationReason {
  Code?: string;
}

/** The per-item reasons of a cancelled TransactWrite (aligned with its TransactItems), or undefined. */
export function cancellationCodes(error: unknown): (string | undefined)[] | undefined {
  if ((error as Error | undefined)?.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code);
}

export const isConditionFailure = (error: unknown) => (error as Error | undefined)?.name === 'ConditionalCheckFailedException';

/** A lost race with another transaction: worth retrying as is. */
export function isTransientConflict(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  if (name === 'TransactionConflictException' || name === 'TransactionInProgressException') return true;
  return (cancellationCodes(error) ?? []).some((code) => code === 'TransactionConflict');
}

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

/**
 * Builds expressions with every attribute name and value as a placeholder, so no name can collide with one
 * of DynamoDB's several hundred reserved words (`data`, `name`, `cursor`, `stage` ...). Dotted paths address
 * map members (`apply.cursor`).
 */
export class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly segments = new Map<string, string>();

  path(path: string): string {
    return path
      .split('.')
      .map((segment) => {
        let placeholder = this.segments.get(segment);
        if (!placeholder) {
          placeholder = `#n${this.segments.size}`;
          this.segments.set(segment, placeholder);
          this.names[placeholder] = segment;
        }
        return placeholder;
      })
      .join('.');
  }

  value(value: unknown): string {
    const placeholder = `:v${Object.keys(this.values).length}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** `SET a = :x, ... ADD b :y REMOVE c`; `undefined` values in `set` are removed instead. */
  update(set: Record<string, unknown>, add: Record<string, number> = {}): string {
    const assignments: string[] = [];
    const removals: string[] = [];
    for (const [path, value] of Object.entries(set)) {
      if (value === undefined) removals.push(this.path(path));
      else assignments.push(`${this.path(path)} = ${this.value(value)}`);
    }
    const adds = Object.entries(add).map(([path, value]) => `${this.path(path)} ${this.value(value)}`);
    return [
      assignments.length ? `SET ${assignments.join(', ')}` : '',
      adds.length ? `ADD ${adds.join(', ')}` : '',
      removals.length ? `REMOVE ${removals.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  }

  /** The placeholders' maps, for a command input (DynamoDB refuses empty maps). */
  attributes(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}
