import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { documentClient, tableName } from '../common/dynamo';
import { keys, type EntityType } from '../common/keys';
import { queryDirectory } from '../common/query';
import { ENTITY_SCHEMAS, parseItem, type DirectoryData, type EntityMap } from '../directory/public';
import { readDirectory } from '../directory/public';

/** Reads of the admin context that the directory repository does not offer. */

/**
 * Access pattern 1 with a strongly consistent Query: an import plans its writes from this read and runs again
 * right after its previous call, so it must see its own writes (an eventually consistent read could plan a
 * second create of a record just written, which its condition would then refuse).
 */
export async function readDirectoryConsistent(): Promise<DirectoryData> {
  const { stats: _stats, ...lists } = await readDirectory({ consistent: true });
  return lists;
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
  const items = await queryDirectory({ prefix: keys.entityPrefix(type), consistent: true });
  return items
    .map((item) => parseItem(ENTITY_SCHEMAS[type] as z.ZodType<EntityMap[T]>, item))
    .filter((entity): entity is EntityMap[T] => entity !== undefined);
}
