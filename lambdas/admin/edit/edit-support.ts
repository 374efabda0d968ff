import { CONFIRMATION_WORD } from '@shared/contracts/admin-api';
import type { AuditEntry } from '@shared/schemas/system';
import { tableName } from '../../common/dynamo';
import { AppError } from '../../common/errors';
import { keys, type EntityType } from '../../common/keys';
import { getEntity } from '../../directory/public';
import { ENTITY_SCHEMAS, entityItem, type EntityMap } from '../../directory/public';
import { conditionalDeleteItem, conditionalPutItem, MAX_TRANSACT_ITEMS, transactWrite, type TransactItem } from '../../common/transact';
import { listEntities } from '../admin-repository';
import { auditPut, type Actor } from '../../common/audit';
import { sameRecord } from '../import/same-record';

/** Plumbing shared by the editing services: loading at a version, confirming, writing with an audit entry. */

export interface EditContext {
  actor: Actor;
  now: Date;
}

const ACTION_NAMES: Record<EntityType, string> = {
  CLASS: 'class',
  STUDENT: 'student',
  PARENT: 'parent',
  STAFF: 'staff',
  COMMITTEE: 'committee',
};

export function invalid(path: string, issue: string): AppError {
  return new AppError('VALIDATION_FAILED', [{ path, issue }]);
}

/** The record as it is now, refusing a stale `version` at once (the write's condition re-checks it). */
export async function loadAt<T extends EntityType>(type: T, id: string, version: number): Promise<EntityMap[T]> {
  const current = await getEntity(type, id);
  if (!current) throw new AppError('NOT_FOUND');
  if (current.version !== version) throw new AppError('CONFLICT');
  return current;
}

/** Deletes need the typed confirmation word, on the server too (the page asks for it). */
export function requireConfirmation(confirm: string): void {
  if (confirm.trim().toLowerCase() !== CONFIRMATION_WORD) throw invalid('confirm', 'confirmation_required');
}

/** Validates a record with its stored schema; a refusal names the fields, never their values. */
export function validated<T extends EntityType>(type: T, record: EntityMap[T]): EntityMap[T] {
  const result = ENTITY_SCHEMAS[type].safeParse(record);
  if (!result.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      result.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), issue: issue.message || issue.code })),
    );
  }
  return result.data;
}

/** Drops undefined fields, so a cleared optional field is removed from the record. */
export function clean<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Fields every record keeps whatever a form sends. */
const KEPT = new Set(['id', 'version', 'createdAt', 'updatedAt', 'importKey']);

/**
 * The next version of a record, version + 1. `replace` (a PUT): the fields given are the whole record, so an
 * optional field left out is removed. `merge`: only the fields given change (a reference cleanup).
 */
export function nextVersion<T extends EntityType>(
  type: T,
  current: EntityMap[T],
  fields: object,
  now: Date,
  mode: 'replace' | 'merge' = 'replace',
): EntityMap[T] {
  const cleared = mode === 'replace' ? Object.keys(current).filter((key) => !KEPT.has(key)) : Object.keys(fields);
  const blank = Object.fromEntries(cleared.map((key) => [key, undefined]));
  return validated(
    type,
    clean({ ...current, ...blank, ...fields, version: current.version + 1, updatedAt: now.toISOString() }) as EntityMap[T],
  );
}

/** Names of the fields that differ (for the audit trail: names only, never values). */
export function changedFields(before: object, after: object): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const ignored = new Set(['version', 'createdAt', 'updatedAt']);
  return [...names]
    .filter((name) => !ignored.has(name))
    .filter((name) => !sameRecord({ v: (before as Record<string, unknown>)[name] }, { v: (after as Record<string, unknown>)[name] }))
    .sort();
}

export const putCreate = <T extends EntityType>(type: T, record: EntityMap[T]) =>
  conditionalPutItem(entityItem(type, record), 'create');
export const putUpdate = <T extends EntityType>(type: T, record: EntityMap[T], expectedVersion: number) =>
  conditionalPutItem(entityItem(type, record), { expectedVersion });

export function deleteAt(type: EntityType, record: { id: string; version: number }): TransactItem {
  return conditionalDeleteItem(keys.entity(type, record.id), record.version);
}

export const deleteKey = (key: { pk: string; sk: string }): TransactItem => ({
  Delete: { TableName: tableName(), Key: { pk: key.pk, sk: key.sk } },
});
export const putItem = (item: Record<string, unknown>): TransactItem => ({ Put: { TableName: tableName(), Item: item } });

/** Writes the items and the audit entry in one TransactWrite (so the trail never misses a change). */
export async function commit(
  ctx: EditContext,
  items: TransactItem[],
  audit: { type: EntityType; id: string; verb: 'create' | 'update' | 'delete'; fields?: string[]; count?: number },
): Promise<void> {
  const entry: Omit<AuditEntry, 'id'> = {
    at: ctx.now.toISOString(),
    actor: ctx.actor,
    action: `${ACTION_NAMES[audit.type]}.${audit.verb}`,
    target: { type: audit.type, id: audit.id },
    ...(audit.fields ? { fields: audit.fields } : {}),
    ...(audit.count !== undefined ? { count: audit.count } : {}),
  };
  const all = [...items, auditPut(entry)];
  // One change, one transaction: a change too big for DynamoDB's limit is refused rather than split.
  if (all.length > MAX_TRANSACT_ITEMS) throw invalid('', 'too_many_changes');
  await transactWrite(all);
}

/**
 * Removes people and students from the classes that name them (teacher, representatives), as version-checked
 * class writes for the same transaction: a deleted record leaves no reference behind.
 */
export async function classCleanup(
  removed: { staff?: string[]; parents?: string[]; students?: string[] },
  now: Date,
): Promise<TransactItem[]> {
  const staff = new Set(removed.staff ?? []);
  const parents = new Set(removed.parents ?? []);
  const students = new Set(removed.students ?? []);
  const items: TransactItem[] = [];
  for (const schoolClass of await listEntities('CLASS')) {
    const teacherGone = schoolClass.teacherId !== undefined && staff.has(schoolClass.teacherId);
    const parentReps = schoolClass.parentRepresentativeIds.filter((id) => !parents.has(id));
    const studentReps = schoolClass.studentRepresentativeIds.filter((id) => !students.has(id));
    if (
      !teacherGone &&
      parentReps.length === schoolClass.parentRepresentativeIds.length &&
      studentReps.length === schoolClass.studentRepresentativeIds.length
    ) {
      continue;
    }
    const fields = {
      teacherId: teacherGone ? undefined : schoolClass.teacherId,
      parentRepresentativeIds: parentReps,
      studentRepresentativeIds: studentReps,
    };
    items.push(putUpdate('CLASS', nextVersion('CLASS', schoolClass, fields, now, 'merge'), schoolClass.version));
  }
  return items;
}

/** Checks that every id names an existing record of the type; reports the first missing one by its path. */
export async function requireExisting<T extends EntityType>(
  type: T,
  ids: readonly string[],
  path: string,
): Promise<EntityMap[T][]> {
  const records = await Promise.all(ids.map((id) => getEntity(type, id)));
  const missing = records.findIndex((record) => record === undefined);
  if (missing >= 0) throw invalid(`${path}.${missing}`, 'not_found');
  return records as EntityMap[T][];
}
