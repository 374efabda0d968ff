import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../common/dynamo';
import { AppError } from '../common/errors';
import { DIRECTORY_PK, keys } from '../common/keys';
import { logger } from '../common/logger';
import { ENTITY_SCHEMAS, parseFamily, parseItem, parseMembership, parseSettings } from '../directory/directory-items';
import type { Membership } from '../../shared/schemas/committee';
import type { SchoolSettings } from '../../shared/schemas/settings';
import type { FamilyLink } from '../../shared/schemas/student';
import { queryAllWith, type Db, type Item } from './db';
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
    queryAllWith(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': DIRECTORY_PK } }),
  ]);
  const settings = settingsResult.Item ? parseSettings(settingsResult.Item) : undefined;
  if (!settings) throw new AppError('NOT_FOUND');
  const snapshot: SchoolSnapshot = { settings, classes: [], students: [], parents: [], families: [], memberships: [] };
  for (const item of directory) {
    let parsed: unknown;
    switch (item.type) {
      case 'CLASS':
        parsed = parseItem(ENTITY_SCHEMAS.CLASS, item);
        if (parsed) snapshot.classes.push(parsed as SchoolSnapshot['classes'][number]);
        break;
      case 'STUDENT':
        parsed = parseItem(ENTITY_SCHEMAS.STUDENT, item);
        if (parsed) snapshot.students.push(parsed as SchoolSnapshot['students'][number]);
        break;
      case 'PARENT':
        parsed = parseItem(ENTITY_SCHEMAS.PARENT, item);
        if (parsed) snapshot.parents.push(parsed as SchoolSnapshot['parents'][number]);
        break;
      case 'FAMILY':
        parsed = parseFamily(item);
        if (parsed) snapshot.families.push(parsed as FamilyLink);
        break;
      case 'MEMBER':
        parsed = parseMembership(item);
        if (parsed) snapshot.memberships.push(parsed as Membership);
        break;
      default:
        // Staff and committees are exported but play no part in the rules.
        continue;
    }
    if (!parsed) logger.error('directory item does not match its schema', { sk: item.sk });
  }
  // A link or membership whose person is gone is noise (docs/data-model.md, gsi1 races): ignore it.
  const students = new Set(snapshot.students.map((s) => s.id));
  const parents = new Set(snapshot.parents.map((p) => p.id));
  snapshot.families = snapshot.families.filter((l) => students.has(l.studentId) && parents.has(l.parentId));
  return { items: [settingsResult.Item!, ...directory], snapshot };
}
