import { tableName } from '../common/dynamo';
import { logger } from '../common/logger';
import { getSettings, readDirectory } from './directory-repository';
import type { DirectoryInput } from './directory-service';
import { readStoredSnapshot, storeSnapshot, type DirectoryVersion } from './snapshot-repository';

/**
 * The directory as of one version, built once per version (docs/decisions.md, "A directory read near the
 * floor"): this function's memory, else the stored snapshot, else the table itself (then stored for the next
 * cold function). Unfiltered: GET /api/directory applies the caller's visibility rule to it before anything
 * leaves the server.
 */

let memory: { key: string; data: DirectoryInput } | undefined;

/** The table and the version: two tables (tests) never share an entry. */
const memoryKey = (version: DirectoryVersion) => `${tableName()}|${version.epoch}|${version.n}`;

/**
 * Reads the table after `version` was read: a write acknowledged before that version was published is in it
 * (every write bumps the version in its transaction, or before it is acknowledged: lambdas/common/directory-version.ts).
 */
async function readFromTable(): Promise<DirectoryInput> {
  const [snapshot, settings] = await Promise.all([readDirectory({ consistent: true }), getSettings()]);
  // Counts only: they show the partition's growth (pages per read) without any personal data.
  logger.info('directory built', { ...snapshot.stats });
  const { stats: _stats, ...lists } = snapshot;
  return { ...lists, ...(settings ? { settings } : {}) };
}

/** The directory at `version`; without a version (no versioned write yet), straight from the table, never kept. */
export async function directoryAt(version: DirectoryVersion | undefined): Promise<DirectoryInput> {
  if (!version) return readFromTable();
  const key = memoryKey(version);
  if (memory?.key === key) return memory.data;
  const stored = await readStoredSnapshot(version);
  let data = stored.data;
  if (!data) {
    data = await readFromTable();
    await storeSnapshot(version, data, stored.partKeys);
  }
  memory = { key, data };
  bodies.clear();
  return data;
}

/** Bodies already built at the version in memory, by tag (version + viewer): a reader's next 200 is a lookup. */
const bodies = new Map<string, string>();
const MAX_BODIES = 32;

/** The JSON of `tag`, built by `build` unless this function built it already at the same version. */
export function bodyOf(tag: string, build: () => unknown): string {
  const known = bodies.get(tag);
  if (known !== undefined) return known;
  const text = JSON.stringify(build());
  if (bodies.size >= MAX_BODIES) bodies.delete(bodies.keys().next().value!);
  bodies.set(tag, text);
  return text;
}

/** Test and benchmark hook: forget the snapshot kept in memory, as a cold function would start. */
export function forgetDirectoryInMemory(): void {
  memory = undefined;
  bodies.clear();
}
