import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import type { SchoolSettings } from '@shared/schemas/settings';
import { parseSettings } from './directory-items';

/** Access pattern 2. */
export async function getSettings(): Promise<SchoolSettings | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.settings(), ConsistentRead: true }),
  );
  return result.Item ? parseSettings(result.Item) : undefined;
}
