import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { installDirectoryVersioning } from './directory-version';
import { ENV, optionalEnv, requireEnv } from './env';
import { withoutCallLogging } from './sdk-logging';

let client: DynamoDBDocumentClient | undefined;

/**
 * The one DynamoDB document client, built from configuration (a local endpoint when DYNAMODB_ENDPOINT is set).
 * Code never builds another client: directory writes must pass through this one's version bump.
 */
export function documentClient(): DynamoDBDocumentClient {
  if (!client) {
    const endpoint = optionalEnv(ENV.dynamoEndpoint);
    const base = withoutCallLogging(new DynamoDBClient({
      region: process.env.AWS_REGION ?? 'ca-central-1',
      maxAttempts: 4,
      ...(endpoint
        ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    }));
    client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
    // Every write of a directory item bumps the directory version (lambdas/common/directory-version.ts).
    installDirectoryVersioning(client);
  }
  return client;
}

export function tableName(): string {
  return requireEnv(ENV.tableName);
}

/** Test hook: forget the cached client so a test can point the next one elsewhere. */
export function resetDocumentClient(): void {
  client = undefined;
}
