import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { documentClient, tableName } from '../common/dynamo';
import { DIRECTORY_PK, keys, type EntityType } from '../common/keys';
import { logger } from '../common/logger';
import {
  ENTITY_SCHEMAS,
  parseFamily,
  parseItem,
  parseMembership,
  type DirectoryData,
  type EntityMap,
} from '../directory/directory-items';
import { queryAll } from '../common/query';

/** Reads of the admin context that the directory repository does not offer. */

const LISTS: Record<EntityType, keyof Omit<DirectoryData, 'settings' | 'families' | 'memberships'>> = {
  CLASS: 'classes',
  STUDENT: 'students',
  PARENT: 'parents',
  STAFF: 'staff',
  COMMITTEE: 'committees',
};

/**
 * Access pattern 1 with a strongly consistent Query: an import plans its writes from this read and runs again
 * right after its previous call, so it must see its own writes (an eventually consistent read could plan a
 * second create of a record just written, which its condition would then refuse).
 */
export async function readDirectoryConsistent(): Promise<DirectoryData> {
  const data: DirectoryData = { classes: [], students: [], parents: [], staff: [], committees: [], families: [], memberships: [] };
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': DIRECTORY_PK },
    ConsistentRead: true,
  });
  for (const item of items) {
    const type = item.type as string;
    if (type === 'FAMILY' || type === 'MEMBER') {
      const parsed = type === 'FAMILY' ? parseFamily(item) : parseMembership(item);
      if (parsed && type === 'FAMILY') data.families.push(parsed as DirectoryData['families'][number]);
      else if (parsed) data.memberships.push(parsed as DirectoryData['memberships'][number]);
      else logger.error('directory item does not match its schema', { sk: item.sk });
      continue;
    }
    if (!(type in LISTS)) continue;
    const parsed = parseItem(ENTITY_SCHEMAS[type as EntityType] as z.ZodType<EntityMap[EntityType]>, item);
    if (!parsed) {
      logger.error('directory item does not match its schema', { sk: item.sk });
      continue;
    }
    (data[LISTS[type as EntityType]] as EntityMap[EntityType][]).push(parsed);
  }
  return data;
}

/** BatchGetItem takes at most 100 keys per call. */
const BATCH_GET_SIZE = 100;

/**
 * The display names stored on registry entries (`pk|sk` -> displayName), for the keys given; absent keys are
 * missing entries. Unprocessed keys (throttling) are asked again with a short backoff.
 */
export async function readRegistryEntries(registryKeys: readonly { pk: string; sk: string }[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const chunks: { pk: string; sk: string }[][] = [];
  for (let i = 0; i < registryKeys.length; i += BATCH_GET_SIZE) chunks.push(registryKeys.slice(i, i + BATCH_GET_SIZE));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, unknown>[] = chunk.map(({ pk, sk }) => ({ pk, sk }));
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= 8) throw new Error(`BatchGet left ${pending.length} registry keys unprocessed`);
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
        const result = await documentClient().send(
          new BatchGetCommand({
            RequestItems: {
              [tableName()]: {
                Keys: pending,
                ConsistentRead: true,
                ProjectionExpression: 'pk, sk, displayName',
              },
            },
          }),
        );
        for (const item of result.Responses?.[tableName()] ?? []) {
          found.set(`${String(item.pk)}|${String(item.sk)}`, String(item.displayName ?? ''));
        }
        pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
      }
    }),
  );
  return found;
}

/** Every record of one type, strongly consistent (a class list for a uniqueness check, a class cleanup). */
export async function listEntities<T extends EntityType>(type: T): Promise<EntityMap[T][]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': DIRECTORY_PK, ':prefix': keys.entityPrefix(type) },
    ConsistentRead: true,
  });
  return items
    .map((item) => parseItem(ENTITY_SCHEMAS[type] as z.ZodType<EntityMap[T]>, item))
    .filter((entity): entity is EntityMap[T] => entity !== undefined);
}

/** Access pattern 11, strongly consistent: is this student a parent's last child? */
export async function childrenOfConsistent(parentId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': DIRECTORY_PK, ':prefix': keys.familyPrefix(parentId) },
    ConsistentRead: true,
  });
  return items.map((item) => item.studentId as string);
}

/** Access pattern 13, strongly consistent. */
export async function membersOfConsistent(committeeId: string): Promise<DirectoryData['memberships']> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': DIRECTORY_PK, ':prefix': keys.membershipPrefix(committeeId) },
    ConsistentRead: true,
  });
  return items.map(parseMembership).filter((m): m is DirectoryData['memberships'][number] => m !== undefined);
}
