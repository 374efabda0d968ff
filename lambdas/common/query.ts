import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './dynamo';
import { DIRECTORY_PK } from './keys';

type Item = Record<string, unknown>;

/**
 * A client to send commands with: the module-wide one by default; the progression passes its own so its apply
 * can run against a client that fails on purpose (the kill tests).
 */
export type Db = Pick<DynamoDBDocumentClient, 'send'>;

export interface QueryOptions {
  db?: Db;
  /** Called after each page (the directory read counts its pages for the benchmark). */
  onPage?: () => void;
}

/** Runs a Query to the end, page by page (1 MB each unless `Limit` is smaller). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>, options: QueryOptions = {}): Promise<Item[]> {
  const db = options.db ?? documentClient();
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
    options.onPage?.();
  } while (ExclusiveStartKey);
  return items;
}

export interface DirectoryQuery extends QueryOptions {
  /** Only the items whose sort key starts with this (an entity type, a parent's family links...). */
  prefix?: string;
  /** Strongly consistent: for a read that plans writes and must see the ones just made. */
  consistent?: boolean;
  pageSize?: number;
}

/**
 * The one Query of the `DIRECTORY` partition (docs/data-model.md, access pattern 1 and its prefixes), raw
 * items in key order. Every context reads the directory through it and parses with lambdas/directory.
 */
export function queryDirectory(query: DirectoryQuery = {}): Promise<Item[]> {
  const { prefix, consistent, pageSize, ...options } = query;
  return queryAll(
    {
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
      ExpressionAttributeValues: prefix ? { ':pk': DIRECTORY_PK, ':prefix': prefix } : { ':pk': DIRECTORY_PK },
      ...(consistent ? { ConsistentRead: true } : {}),
      ...(pageSize ? { Limit: pageSize } : {}),
    },
    options,
  );
}
