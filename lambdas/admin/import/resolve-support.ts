import { compactToken } from '@shared/rules/import-values';
import type { EntityMeta } from '@shared/schemas/common';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { Staff } from '@shared/schemas/staff';
import type { EntityType } from '../../common/keys';
import { ulid } from 'ulid';
import { idForKey, isId } from './ids';
import type { IssueCollector, RowSource } from './issues';
import type { Candidate, Match } from './match';
import type { ClassRow, PersonRow, Ref } from './parse-rows';
import type { RefIndex } from './ref-index';

/** Building blocks of resolve.ts: composing records, recognising people, following references. */

type WithKey = EntityMeta & { importKey?: string };

/** Drops undefined fields, so an optional value the file leaves empty is removed from the record. */
export function clean<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The record a row describes: the existing one with the row's fields, or a new one (version 1). */
export function compose<T extends WithKey>(match: Match<T>, fields: object, now: string): T {
  const key = match.candidate.key;
  const importKey = key !== undefined && !isId(key) ? key : match.existing?.importKey;
  const base = match.existing ?? { id: match.id, version: 1, createdAt: now, updatedAt: now };
  return clean({ ...base, ...fields, importKey }) as T;
}

export const fullName = (person: { firstName: string; lastName: string }) => compactToken(`${person.firstName}${person.lastName}`);

export function personCandidate<T extends Parent | Staff>(
  type: EntityType,
  row: PersonRow,
  existing: readonly T[],
  issues: IssueCollector,
): Candidate<T> {
  const identity = row.key !== undefined ? `key:${row.key}` : `email:${row.email}|${compactToken(row.firstName)}`;
  return {
    source: row.source,
    identity,
    label: row.key ?? row.email!,
    field: row.key !== undefined ? 'key' : 'email',
    key: row.key,
    // Without a key, a fresh id: ids are never derived from emails or names. A re-run finds the record by email.
    id: row.key !== undefined ? idForKey(type, row.key) : ulid(),
    fuzzy: row.email
      ? (free) => {
          const same = free(existing.filter((person) => person.email === row.email));
          const named = same.filter((person) => fullName(person) === fullName(row));
          return same.length > 1 && named.length > 0 ? named : same;
        }
      : undefined,
    onAmbiguous: (count) => issues.cell(row.source, 'email', 'AMBIGUOUS_EMAIL', { value: row.email!, count }),
  };
}

/** Reports a reference that led nowhere; returns the id otherwise. */
export function follow(
  index: RefIndex,
  source: RowSource,
  ref: Ref,
  unknown: 'UNKNOWN_PARENT' | 'UNKNOWN_STAFF' | 'UNKNOWN_STUDENT' | 'UNKNOWN_CLASS' | 'UNKNOWN_COMMITTEE',
  issues: IssueCollector,
): string | undefined {
  const result = index.resolve(ref.value);
  if ('id' in result) return result.id;
  const refused = result.code === 'UNKNOWN' ? index.refused(ref.value) : undefined;
  if (result.code === 'AMBIGUOUS') issues.cell(source, ref.field, 'AMBIGUOUS_EMAIL', { value: ref.value, count: result.count });
  else if (refused) issues.cell(source, ref.field, 'REFERENCE_ROW_REFUSED', { value: ref.value, file: refused.file, line: refused.line });
  else issues.cell(source, ref.field, unknown, { value: ref.value });
  return undefined;
}

/** Registers existing records in an index, then lets matched rows replace what their record was known by. */
export function indexPeople<T extends Parent | Staff>(
  index: RefIndex,
  existing: readonly T[],
  matches: Match<T>[],
  rows: Map<RowSource, PersonRow>,
): void {
  for (const person of existing) index.add(person.id, { keys: [person.importKey], email: person.email });
  for (const { candidate, existing: before, id } of matches) {
    if (before) index.remove(before.id, { email: before.email });
    index.add(id, { keys: [candidate.key], email: rows.get(candidate.source)?.email });
  }
}

/** Class codes stay unique: students and imports name classes by code. */
export function checkClassCodes(
  matches: Match<SchoolClass>[],
  rows: Map<RowSource, ClassRow>,
  existing: readonly SchoolClass[],
  issues: IssueCollector,
): void {
  const claimed = new Set(matches.map((match) => match.existing?.id));
  // code -> the row that takes it (line), or an existing class no row is about (no line).
  const owners = new Map<string, { line?: number }>();
  for (const c of existing) if (!claimed.has(c.id)) owners.set(c.code.toUpperCase(), {});
  for (const match of matches) {
    const row = rows.get(match.candidate.source)!;
    const owner = owners.get(row.code.toUpperCase());
    if (!owner) owners.set(row.code.toUpperCase(), { line: row.source.row.line });
    else if (owner.line === undefined) issues.cell(row.source, 'code', 'CODE_IN_USE', { value: row.code });
    else issues.cell(row.source, 'code', 'DUPLICATE_KEY', { key: row.code, line: owner.line });
  }
}

