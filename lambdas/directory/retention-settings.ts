import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_RETENTION, RetentionSettingsSchema, type RetentionSettings } from '@shared/contracts/retention-api';
import { documentClient, tableName } from '../common/dynamo';
import { keys, withoutKeys } from '../common/keys';
import { conditionalPutItem, type TransactItem } from '../common/transact';

/**
 * The school's retention periods (`RETENTION` settings item, docs/data-model.md): a school setting of the shared
 * kernel, like the directory's settings. Privacy edits them and runs the purge; the annual update reads how long a
 * closed campaign is kept. Reads are strongly consistent.
 */

/** The periods in force: the stored ones, or the defaults (version 0) before an administrator saves any. */
export async function getRetention(): Promise<RetentionSettings> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.retentionSettings(), ConsistentRead: true }),
  );
  return result.Item ? RetentionSettingsSchema.parse(withoutKeys(result.Item)) : { ...DEFAULT_RETENTION, version: 0 };
}

/** The settings' Put: a first save must find none, later ones the version read. */
export function retentionPut(settings: RetentionSettings, expectedVersion: number): TransactItem {
  const item = { ...keys.retentionSettings(), type: 'RETENTION_SETTINGS', ...settings };
  return conditionalPutItem(item, expectedVersion === 0 ? 'create' : { expectedVersion });
}
