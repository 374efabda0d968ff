import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, vi } from 'vitest';
import { documentClient, resetDocumentClient, tableName } from '../../lambdas/common/dynamo';
import { dynamoClient, ensureTable } from '../../local/dynamodb';
import { useStack } from '../support/stack';

/**
 * Gives a test file its own table in the stack's DynamoDB Local (same keys, index and TTL as the real one),
 * so it can count every item of the directory partition without seeing other files' data, and leaves the
 * shared demo table untouched. Not a test file: vitest only collects *.test.ts.
 */
export function useDirectoryTable(label: string): void {
  const name = `${label}-${ulid().toLowerCase()}`;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const stack = useStack();
    const admin = dynamoClient(stack.dynamoEndpoint, stack.region);
    await ensureTable(admin, name);
    vi.stubEnv('TABLE_NAME', name);
    resetDocumentClient();
    cleanup = async () => {
      await admin.send(new DeleteTableCommand({ TableName: name }));
      admin.destroy();
    };
  });
  afterAll(async () => {
    await cleanup?.();
    vi.unstubAllEnvs();
    resetDocumentClient();
  });
}

/** Every item of the current table. A Scan: tests only, never on a request path. */
export async function scanAll(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.sort((a, b) => `${String(a.pk)} ${String(a.sk)}`.localeCompare(`${String(b.pk)} ${String(b.sk)}`));
}
