import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { SchoolSettingsSchema, type SchoolSettings } from '@shared/schemas/settings';
import { parseSettings, settingsItem } from './directory-items';
import { conditionalPut } from '../common/transact';

/** Access pattern 2. */
export async function getSettings(): Promise<SchoolSettings | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.settings(), ConsistentRead: true }),
  );
  return result.Item ? parseSettings(result.Item) : undefined;
}

/**
 * Access pattern 3: writes the settings at `expectedVersion + 1` (or version 1 when `expectedVersion` is
 * undefined and none exist yet). CONFLICT if someone else saved them first.
 */
export async function saveSettings(
  settings: Omit<SchoolSettings, 'version' | 'updatedAt'>,
  expectedVersion: number | undefined,
  now: Date = new Date(),
): Promise<SchoolSettings> {
  const stored = SchoolSettingsSchema.parse({
    ...settings,
    version: (expectedVersion ?? 0) + 1,
    updatedAt: now.toISOString(),
  });
  await conditionalPut(settingsItem(stored), expectedVersion === undefined ? 'create' : { expectedVersion });
  return stored;
}

