import { CreateUserPoolCommand, DeleteUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, vi } from 'vitest';
import { createCognitoClient } from '../../lambdas/common/cognito';
import { documentClient, resetDocumentClient, tableName } from '../../lambdas/common/dynamo';
import { dynamoClient, ensureTable } from '../../local/dynamodb';
import { useStack } from '../support/stack';

/**
 * Gives a test file its own table in the stack's DynamoDB Local (same keys, index and TTL as the real one),
 * so it can count every item of the directory partition without seeing other files' data, and leaves the
 * shared demo table untouched. It also gets a user pool of its own in cognito-local (USER_POOL_ID): the
 * handlers remove the accounts of people they delete, and a seeded school of its own holds the demo accounts'
 * emails, whose accounts in the shared pool other files sign in with. Not a test file: vitest only collects
 * *.test.ts.
 */
export function useDirectoryTable(label: string): void {
  const name = `${label}-${ulid().toLowerCase()}`;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const stack = useStack();
    const admin = dynamoClient(stack.dynamoEndpoint, stack.region);
    await ensureTable(admin, name);
    const cognito = createCognitoClient({ endpoint: stack.cognitoEndpoint, region: stack.region });
    const pool = await cognito.send(new CreateUserPoolCommand({ PoolName: name }));
    const poolId = pool.UserPool!.Id!;
    vi.stubEnv('TABLE_NAME', name);
    vi.stubEnv('USER_POOL_ID', poolId);
    resetDocumentClient();
    cleanup = async () => {
      await admin.send(new DeleteTableCommand({ TableName: name }));
      await cognito.send(new DeleteUserPoolCommand({ UserPoolId: poolId }));
      admin.destroy();
      cognito.destroy();
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
