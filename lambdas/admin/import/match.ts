import type { EntityMeta } from '@shared/schemas/common';
import type { IssueCollector, RowSource } from './issues';

/**
 * Finds which existing record a row is about, so re-importing updates instead of duplicating:
 * 1. exactly: the record whose import key is the row's key, or whose id is the id the row's identity gives
 *    (`idForKey`: the key itself when it is an id, as in exports; else derived from the key);
 * 2. otherwise by a rule of the entity (same email; same parent and name; same committee name), among records
 *    nobody claimed and that carry no other import key. Never by a name alone.
 * Exact matches are made for every row first, so a fuzzy match never takes a record a later row names exactly.
 */
export interface Candidate<T> {
  source: RowSource;
  /** Duplicate detection: two rows with one identity name the same record. */
  identity: string;
  /** What a duplicate message shows (the key, the email, the code). */
  label: string;
  /** The field a duplicate is reported on. */
  field: string;
  key?: string;
  id: string;
  fuzzy?: (free: (records: T[]) => T[]) => T[];
  /** Reported when several records fit the fuzzy rule. */
  onAmbiguous?: (count: number) => void;
}

export interface Match<T> {
  candidate: Candidate<T>;
  existing?: T;
  /** The id of the record: the existing one's, or the identity's id for a new record. */
  id: string;
}

export function matchRows<T extends EntityMeta & { importKey?: string }>(
  candidates: Candidate<T>[],
  existing: readonly T[],
  issues: IssueCollector,
): Match<T>[] {
  const byKey = new Map<string, T>();
  const byId = new Map<string, T>();
  for (const record of existing) {
    byId.set(record.id, record);
    if (record.importKey) byKey.set(record.importKey, record);
  }
  const claimedBy = new Map<string, RowSource>();
  const firstLine = new Map<string, number>();
  const unique: Candidate<T>[] = [];
  for (const candidate of candidates) {
    const line = firstLine.get(candidate.identity);
    if (line !== undefined) {
      issues.cell(candidate.source, candidate.field, 'DUPLICATE_KEY', { key: candidate.label, line });
      continue;
    }
    firstLine.set(candidate.identity, candidate.source.row.line);
    unique.push(candidate);
  }
  const matched = new Map<Candidate<T>, T>();
  const claim = (candidate: Candidate<T>, record: T) => {
    matched.set(candidate, record);
    claimedBy.set(record.id, candidate.source);
  };
  for (const candidate of unique) {
    const record = (candidate.key !== undefined ? byKey.get(candidate.key) : undefined) ?? byId.get(candidate.id);
    if (record && !claimedBy.has(record.id)) claim(candidate, record);
  }
  const freeFor = (candidate: Candidate<T>) => (records: T[]) =>
    records.filter(
      (record) => !claimedBy.has(record.id) && (!record.importKey || record.importKey === candidate.key),
    );
  const results: Match<T>[] = [];
  for (const candidate of unique) {
    let record = matched.get(candidate);
    if (!record && candidate.fuzzy) {
      const fits = candidate.fuzzy(freeFor(candidate));
      if (fits.length === 1) claim(candidate, fits[0]!);
      else if (fits.length > 1) candidate.onAmbiguous?.(fits.length);
      record = matched.get(candidate);
    }
    if (!record) {
      // A new record whose id another row's record already has (a key typed as someone else's id).
      const owner = claimedBy.get(candidate.id);
      if (owner) {
        issues.cell(candidate.source, candidate.field, 'DUPLICATE_KEY', { key: candidate.label, line: owner.row.line });
        continue;
      }
    }
    results.push({ candidate, existing: record, id: record?.id ?? candidate.id });
  }
  return results;
}
