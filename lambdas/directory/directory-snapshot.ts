import type { RegisteredPerson } from '../common/claims';
import { tableName } from '../common/dynamo';
import type { PersonType } from '../common/keys';
import { personDisplayName } from '../registry/public';
import { logger } from '../common/logger';
import { prepareJson, type PreparedBody } from '../common/prepared-body';
import { getSettings, readDirectory } from './directory-repository';
import type { DirectoryInput } from './directory-service';
import { readStoredSnapshot, storeSnapshot, type DirectoryVersion } from './snapshot-repository';

/**
 * The directory as of one version, built once per version (docs/decisions/a-directory-read-near-the-floor-a-version-a-snapshot-per.md, "A directory read near the
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

/**
 * The load of the version being read, shared by the requests that ask for it meanwhile (the local gateway serves
 * many at once from one process; a Lambda instance serves one at a time): one stored-snapshot read, not one each.
 */
let loading: { key: string; promise: Promise<DirectoryInput> } | undefined;

async function load(version: DirectoryVersion, key: string): Promise<DirectoryInput> {
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

/** The directory at `version`; without a version (no versioned write yet), straight from the table, never kept. */
export async function directoryAt(version: DirectoryVersion | undefined): Promise<DirectoryInput> {
  if (!version) return readFromTable();
  const key = memoryKey(version);
  if (memory?.key === key) return memory.data;
  if (loading?.key !== key) {
    const current = { key, promise: load(version, key) };
    loading = current;
    const done = () => {
      if (loading === current) loading = undefined;
    };
    current.promise.then(done, done);
  }
  return loading.promise;
}

/** Each snapshot's people by email (exactly as the registry keys them), built on first use. */
const registries = new WeakMap<DirectoryInput, Map<string, RegisteredPerson[]>>();

/**
 * Who `email` belongs to in the directory `data`: the registry's own answer for that version. Every registry entry
 * is written in the same transaction as its person's record (lambdas/registry/registry-repository.ts,
 * registryTransactItems), and that transaction bumps the version, so a snapshot holds exactly the people the
 * registry held at its version.
 */
export function registeredIn(data: DirectoryInput, email: string): RegisteredPerson[] {
  let index = registries.get(data);
  if (!index) {
    index = new Map();
    const add = (personType: PersonType, people: readonly { id: string; email?: string; firstName: string; lastName: string }[]) => {
      for (const person of people) {
        if (!person.email) continue;
        const entry = { personType, personId: person.id, email: person.email, displayName: personDisplayName(person) };
        index!.set(person.email, [...(index!.get(person.email) ?? []), entry]);
      }
    };
    add('PARENT', data.parents);
    add('STAFF', data.staff);
    registries.set(data, index);
  }
  return index.get(email) ?? [];
}

/**
 * Bodies already built at the version in memory, by tag (version + viewer), serialised and gzip-compressed: a
 * reader's next 200 is a lookup, with no filtering, JSON or compression work. Least recently used first out; about
 * 130 KB each at 1,000 families. Cleared whenever the version in memory changes (directoryAt), so a body of an
 * older version is never served, and the tag holds the viewer: two viewers never share an entry.
 */
const bodies = new Map<string, PreparedBody>();
export const MAX_BODIES = 64;

/** The prepared body of `tag`, built by `build` unless this function built it already at the same version. */
export function preparedBodyOf(tag: string, build: () => unknown): PreparedBody {
  const known = bodies.get(tag);
  if (known !== undefined) {
    // Most recently used last: Map keeps insertion order.
    bodies.delete(tag);
    bodies.set(tag, known);
    return known;
  }
  const prepared = prepareJson(build());
  if (bodies.size >= MAX_BODIES) bodies.delete(bodies.keys().next().value!);
  bodies.set(tag, prepared);
  return prepared;
}

/** How many bodies are kept (tests). */
export const keptBodies = () => bodies.size;

/** Benchmark hook: forget the bodies only, as when a viewer not yet served at this version reads. */
export function forgetBodiesInMemory(): void {
  bodies.clear();
}

/** Test and benchmark hook: forget the snapshot kept in memory, as a cold function would start. */
export function forgetDirectoryInMemory(): void {
  memory = undefined;
  loading = undefined;
  bodies.clear();
}
