import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { batchWriteAll, putRequests, type BatchWriteOptions } from '../common/batch';
import { documentClient, tableName } from '../common/dynamo';
import { AppError } from '../common/errors';
import { keys, type EntityType, type PersonType } from '../common/keys';
import { registryTransactItems } from '../registry/public';
import type { EntityMeta } from '@shared/schemas/common';
import {
  directoryItems,
  ENTITY_SCHEMAS,
  entityItem,
  isPersonType,
  parseDirectoryItems,
  parseItem,
  type DirectoryData,
  type EntityMap,
  type Item,
} from './directory-items';
import { conditionalDeleteItem, conditionalPut, conditionalPutItem, transactWrite, type TransactItem } from '../common/transact';
import { queryDirectory } from '../common/query';
import { childrenOf, membersOf, membershipsOf, parentsOf } from './relations-repository';

export type { DirectoryData, EntityMap } from './directory-items';
export * from './relations-repository';
export * from './settings-repository';

/** The whole directory as stored, plus how the read went (pages feed the benchmark in docs/). */
export interface DirectorySnapshot extends Omit<DirectoryData, 'settings'> {
  stats: { pages: number; items: number; skipped: number };
}

/** Meta fields of a new entity: a fresh ULID, version 1. */
export function newEntityMeta(now: Date = new Date()): EntityMeta {
  const at = now.toISOString();
  return { id: ulid(now.getTime()), version: 1, createdAt: at, updatedAt: at };
}

/**
 * Access pattern 1: the whole directory in one paginated Query of the `DIRECTORY` partition, eventually
 * consistent unless `consistent` (an import plans its writes from this read and must see its own last ones).
 */
export async function readDirectory(
  options: { pageSize?: number; consistent?: boolean } = {},
): Promise<DirectorySnapshot> {
  let pages = 0;
  const items = await queryDirectory({ ...options, onPage: () => pages++ });
  const { lists, skipped } = parseDirectoryItems(items);
  return { ...lists, stats: { pages, items: items.length, skipped } };
}

/** Access pattern 4. Strongly consistent by default: updates start from this read. */
export async function getEntity<T extends EntityType>(
  type: T,
  id: string,
  options: { consistent?: boolean } = {},
): Promise<EntityMap[T] | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.entity(type, id), ConsistentRead: options.consistent ?? true }),
  );
  return result.Item ? parseItem(ENTITY_SCHEMAS[type], result.Item) : undefined;
}

/**
 * Access pattern 1 with an entity prefix: every entity of one type (the committees: a school has a handful). Items
 * that no longer fit the schema are skipped.
 */
export async function listEntities<T extends EntityType>(
  type: T,
  options: { consistent?: boolean } = {},
): Promise<EntityMap[T][]> {
  const items = await queryDirectory({ prefix: keys.entityPrefix(type), consistent: options.consistent ?? false });
  return items.map((item) => parseItem(ENTITY_SCHEMAS[type], item)).filter((e): e is EntityMap[T] => e !== undefined);
}

function validated<T extends EntityType>(type: T, entity: EntityMap[T]): EntityMap[T] {
  const result = ENTITY_SCHEMAS[type].safeParse(entity);
  if (!result.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      result.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), issue: issue.code })),
    );
  }
  return result.data;
}

/**
 * Access patterns 5 and 7: creates an entity (fails with CONFLICT if its id exists). A parent or staff member
 * is written in one TransactWrite with their registry item.
 */
export async function createEntity<T extends EntityType>(type: T, entity: EntityMap[T]): Promise<EntityMap[T]> {
  const stored = validated(type, entity);
  if (isPersonType(type)) {
    const person = stored as EntityMap[PersonType];
    await transactWrite([
      conditionalPutItem(entityItem(type, stored), 'create'),
      ...registryTransactItems(type, person.id, undefined, person),
    ]);
  } else {
    await conditionalPut(entityItem(type, stored), 'create');
  }
  return stored;
}

/**
 * Access patterns 6 and 8: replaces `current` with `next`, conditional on the version `current` was read at.
 * Writes version + 1. A concurrent update (or delete) since that read gives AppError('CONFLICT'). For a person,
 * registry entries follow the email and display name in the same TransactWrite.
 */
export async function updateEntity<T extends EntityType>(
  type: T,
  current: EntityMap[T],
  next: EntityMap[T],
  now: Date = new Date(),
): Promise<EntityMap[T]> {
  if (next.id !== current.id) throw new Error('updateEntity: next and current must be the same entity');
  const stored = validated(type, {
    ...next,
    version: current.version + 1,
    createdAt: current.createdAt,
    updatedAt: now.toISOString(),
  });
  const condition = { expectedVersion: current.version };
  if (isPersonType(type)) {
    const [before, after] = [current, stored] as EntityMap[PersonType][];
    await transactWrite([
      conditionalPutItem(entityItem(type, stored), condition),
      ...registryTransactItems(type, current.id, before, after),
    ]);
  } else {
    await conditionalPut(entityItem(type, stored), condition);
  }
  return stored;
}

/**
 * Access patterns 9 and 10: deletes an entity read at `current.version`, with everything that hangs off it in
 * the same TransactWrite: registry item, family links, committee memberships. References held by other
 * entities (a class's teacherId, representative ids) are the calling service's business.
 */
export async function deleteEntity<T extends EntityType>(type: T, current: EntityMap[T]): Promise<void> {
  const related: Item[] = [];
  if (type === 'PARENT') {
    related.push(...(await childrenOf(current.id)).map((studentId) => keys.family(current.id, studentId)));
  }
  if (type === 'STUDENT') {
    related.push(...(await parentsOf(current.id)).map((parentId) => keys.family(parentId, current.id)));
  }
  if (isPersonType(type)) {
    related.push(...(await membershipsOf(type, current.id)).map((m) => keys.membership(m.committeeId, type, m.personId)));
  }
  if (type === 'COMMITTEE') {
    related.push(...(await membersOf(current.id)).map((m) => keys.membership(current.id, m.personType, m.personId)));
  }
  const items: TransactItem[] = [
    conditionalDeleteItem(keys.entity(type, current.id), current.version),
    ...(isPersonType(type)
      ? registryTransactItems(type, current.id, current as EntityMap[PersonType], undefined)
      : []),
    ...related.map(({ pk, sk }) => ({ Delete: { TableName: tableName(), Key: { pk, sk } } })),
  ];
  await transactWrite(items);
}

/**
 * Access pattern 16: writes a whole dataset (settings, entities, registry entries, links, memberships) in
 * bounded BatchWrite chunks. Puts only, with deterministic keys: running it again rewrites the same items.
 */
export async function bulkWriteDirectory(
  data: DirectoryData,
  options: Pick<BatchWriteOptions, 'concurrency'> = {},
): Promise<number> {
  const result = await batchWriteAll(putRequests(directoryItems(data)), options);
  return result.written;
}
