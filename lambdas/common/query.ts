import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './dynamo';
type Item = Record<string, unknown>;

/** Runs a Query to the end, page by page (1 MB each unless `pageSize` is smaller). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>, onPage?: () => void): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
    onPage?.();
  } while (ExclusiveStartKey);
  return items;
}

