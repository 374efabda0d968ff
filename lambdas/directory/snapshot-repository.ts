import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { documentClient, tableName } from '../common/dynamo';
import { DIRECTORY_SNAPSHOT_TYPE, readDirectoryVersion, type DirectoryVersion } from '../common/directory-version';
import { keys } from '../common/keys';
import { logger } from '../common/logger';
import { queryAll } from '../common/query';
import { sharedFreshRead } from '../common/shared-read';
import { isWriteConflict, MAX_TRANSACT_ITEMS, transactWrite, type TransactItem } from '../common/transact';
import type { DirectoryInput } from './directory-service';

/**
 * The stored directory snapshot (docs/data-model.md, access patterns 49 to 51): the parsed directory and settings
 * as JSON, brotli-compressed, cut into parts of at most PART_BYTES, one item each in the DIRECTORY_SNAPSHOT
 * partition, so a cold function reads it with one Query (two pages past 1 MB). Every part carries the version it
 * was built at; a reader takes the parts only when all of them carry the version it asked for.
 */

/** Bumped when the stored shape changes: parts of another format are ignored (and rebuilt). */
export const SNAPSHOT_FORMAT = 1;
/** Below DynamoDB's 400 KB item limit; a TransactWrite carries at most 4 MB: 10 parts with room to spare. */
const PART_BYTES = 350_000;
const MAX_PARTS = 10;

export { readDirectoryVersion, type DirectoryVersion };

const versionReads = new Map<string, () => Promise<DirectoryVersion | undefined>>();

/**
 * Access pattern 49: the version, strongly consistent (one Query of its few shard items), from a read sent after
 * the call: callers asking at the same time share one (lambdas/common/shared-read.ts).
 */
export function currentDirectoryVersion(): Promise<DirectoryVersion | undefined> {
  const table = tableName();
  let read = versionReads.get(table);
  if (!read) {
    read = sharedFreshRead(() => readDirectoryVersion(documentClient(), table));
    versionReads.set(table, read);
  }
  return read();
}

export interface StoredSnapshot {
  data?: DirectoryInput;
  /** Sort keys of the parts found, whatever their version: a new snapshot deletes the ones it does not replace. */
  partKeys: string[];
}

const sameVersion = (item: Record<string, unknown>, version: DirectoryVersion) =>
  item.epoch === version.epoch && item.n === version.n && item.format === SNAPSHOT_FORMAT;

/** Access pattern 50: the stored snapshot, if it is the one of `version` (one Query, strongly consistent). */
export async function readStoredSnapshot(version: DirectoryVersion): Promise<StoredSnapshot> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.directorySnapshotPk() },
    ConsistentRead: true,
  });
  const partKeys = items.map((item) => String(item.sk));
  const parts = items.filter((item) => sameVersion(item, version));
  if (parts.length === 0 || parts.length !== parts[0]!.parts) return { partKeys };
  const bytes = Buffer.concat(parts.map((part) => Buffer.from(part.data as Uint8Array)));
  return { data: JSON.parse(brotliDecompressSync(bytes).toString('utf8')) as DirectoryInput, partKeys };
}

/** Compresses a snapshot (brotli at a fast quality: built once per version, read many times). */
export function compressSnapshot(data: DirectoryInput): Buffer[] {
  const bytes = brotliCompressSync(Buffer.from(JSON.stringify(data), 'utf8'), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += PART_BYTES) parts.push(bytes.subarray(at, at + PART_BYTES));
  return parts;
}

/**
 * Access pattern 51: stores the snapshot of `version` in one TransactWrite, each part (and each delete of a part
 * left over from a larger snapshot) conditional on holding an older version, so an older snapshot never
 * replaces a newer one. Losing that race is fine: the newer snapshot is there. False when nothing was stored.
 */
export async function storeSnapshot(version: DirectoryVersion, data: DirectoryInput, seen: readonly string[]): Promise<boolean> {
  const parts = compressSnapshot(data);
  if (parts.length > MAX_PARTS) {
    logger.warn('directory snapshot too large to store', { parts: parts.length });
    return false;
  }
  const older = {
    ConditionExpression: 'attribute_not_exists(pk) OR #epoch <> :epoch OR #n < :n',
    ExpressionAttributeNames: { '#epoch': 'epoch', '#n': 'n' },
    ExpressionAttributeValues: { ':epoch': version.epoch, ':n': version.n },
  };
  const puts = parts.map((part, index): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: { ...keys.directorySnapshotPart(index), type: DIRECTORY_SNAPSHOT_TYPE, ...version, format: SNAPSHOT_FORMAT, parts: parts.length, data: part },
      ...older,
    },
  }));
  const kept = new Set(parts.map((_, index) => keys.directorySnapshotPart(index).sk));
  const deletes = seen
    .filter((sk) => !kept.has(sk))
    .map((sk): TransactItem => ({ Delete: { TableName: tableName(), Key: { pk: keys.directorySnapshotPk(), sk }, ...older } }));
  try {
    await transactWrite([...puts, ...deletes].slice(0, MAX_TRANSACT_ITEMS));
    return true;
  } catch (error) {
    if (isWriteConflict(error) || (error as { code?: string }).code === 'CONFLICT') return false;
    throw error;
  }
}
