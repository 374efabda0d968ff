import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../common/dynamo';
import { AppError } from '../common/errors';
import { keys } from '../common/keys';
import { queryDirectory } from '../common/query';
import { parseDirectoryItems, parseSettings } from '../directory/public';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { Db, Item } from './db';
import type { SchoolSnapshot } from './model';

/**
 * The directory as the progression sees it: a strongly consistent read of the whole directory partition and
 * the settings (the plan must start from the latest data), kept raw for the backup and parsed for the rules.
 * An item that no longer fits its schema is skipped and its key logged, as the directory read does.
 */
export interface RawSnapshot {
  /** Settings item first, then the directory partition in key order: what the backup stores. */
  items: Item[];
  snapshot: SchoolSnapshot;
}

/** The school settings (levels, graduating level, school year); NOT_FOUND when the school has none yet. */
export async function readSettings(db: Db): Promise<SchoolSettings> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.settings(), ConsistentRead: true }));
  const settings = result.Item ? parseSettings(result.Item) : undefined;
  if (!settings) throw new AppError('NOT_FOUND');
  return settings;
}

export async function readSnapshot(db: Db): Promise<RawSnapshot> {
  const [settingsResult, directory] = await Promise.all([
    db.send(new GetCommand({ TableName: tableName(), Key: keys.settings(), ConsistentRead: true })),
    queryDirectory({ db, consistent: true }),
  ]);
  const settings = settingsResult.Item ? parseSettings(settingsResult.Item) : undefined;
  if (!settings) throw new AppError('NOT_FOUND');
  // Staff and committees are exported but play no part in the rules.
  const { classes, students, parents, families, memberships } = parseDirectoryItems(directory).lists;
  const snapshot: SchoolSnapshot = { settings, classes, students, parents, families, memberships };
  // A link or membership whose person is gone is noise (docs/data-model.md, gsi1 races): ignore it.
  const studentIds = new Set(students.map((s) => s.id));
  const parentIds = new Set(parents.map((p) => p.id));
  snapshot.families = families.filter((l) => studentIds.has(l.studentId) && parentIds.has(l.parentId));
  return { items: [settingsResult.Item!, ...directory], snapshot };
}
