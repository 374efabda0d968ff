import { gunzipSync, gzipSync } from 'node:zlib';
import type { Item } from './db';

/**
 * The export taken before a progression changes anything: every item of the directory partition plus the
 * settings item, as stored (keys included), so a restore is a BatchWrite of the items back. Registry items
 * are not exported: each is derived from a person with an email (bulkWriteDirectory rebuilds them).
 *
 * Stored as gzipped JSON arrays in the progression's partition, one item per part: a DynamoDB item holds at
 * most 400 KB, so parts are cut at ~1 MB of JSON and split again if their gzip is still too large.
 */
export const MAX_PART_JSON_BYTES = 1_000_000;
export const MAX_PART_GZIP_BYTES = 350 * 1024;

export interface BackupParts {
  parts: Buffer[];
  /** Items in each part, in order. */
  counts: number[];
  bytes: number;
}

function pack(items: Item[], out: BackupParts): void {
  const json = JSON.stringify(items);
  const gzip = gzipSync(json);
  if (gzip.length > MAX_PART_GZIP_BYTES && items.length > 1) {
    const half = Math.ceil(items.length / 2);
    pack(items.slice(0, half), out);
    pack(items.slice(half), out);
    return;
  }
  if (gzip.length > MAX_PART_GZIP_BYTES) throw new Error('A single directory item does not fit in a backup part');
  out.parts.push(gzip);
  out.counts.push(items.length);
  out.bytes += Buffer.byteLength(json);
}

/** Cuts the items (in the order given) into gzipped parts. An empty export is one empty part. */
export function backupParts(items: readonly Item[]): BackupParts {
  const out: BackupParts = { parts: [], counts: [], bytes: 0 };
  let group: Item[] = [];
  let size = 2;
  for (const item of items) {
    const itemSize = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (group.length > 0 && size + itemSize > MAX_PART_JSON_BYTES) {
      pack(group, out);
      group = [];
      size = 2;
    }
    group.push(item);
    size += itemSize;
  }
  if (group.length > 0 || out.parts.length === 0) pack(group, out);
  return out;
}

export function readBackupPart(data: Uint8Array): Item[] {
  return JSON.parse(gunzipSync(data).toString('utf8')) as Item[];
}
