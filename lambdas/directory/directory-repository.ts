import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { batchWriteAll, putRequests, type BatchWriteOptions } from '../common/batch';
import { documentClient, tableName } from '../common/dynamo';
import { keys, type EntityType } from '../common/keys';
import type { EntityMeta } from '@shared/schemas/common';
import { directoryItems, ENTITY_SCHEMAS, parseDirectoryItems, parseItem, type DirectoryData, type EntityMap } from './directory-items';
import { queryDirectory } from '../common/query';

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
