import { CONFIRMATION_WORD } from '@shared/contracts/admin-api';
import { deleteClass } from '../../lambdas/admin/edit/class-edit';
import { deleteCommittee } from '../../lambdas/admin/edit/committee-edit';
import { deletePerson } from '../../lambdas/admin/edit/people-edit';
import { deleteStudent } from '../../lambdas/admin/edit/student-edit';
import { bulkWriteDirectory, type DirectoryData, type EntityMap } from '../../lambdas/directory/directory-repository';
import type { EntityType } from '../../lambdas/common/keys';
import type { FamilyLink } from '@shared/schemas/student';

/**
 * How tests arrange the directory through the app's own paths (docs/architecture.md, "Backend contexts"): a record
 * is written by the seed and import path the local stack uses (`bulkWriteDirectory`: the entity with its registry
 * entry, the write bumping the directory's version; family links and seats go the same way, in its other lists);
 * a record leaves by the data editor's delete service, with everything that hangs off it. School settings change
 * through the settings route (PUT /api/admin/settings).
 */
const EMPTY: DirectoryData = { classes: [], students: [], parents: [], staff: [], committees: [], families: [], memberships: [] };
const LIST: { [T in EntityType]: 'classes' | 'students' | 'parents' | 'staff' | 'committees' } = {
  CLASS: 'classes',
  STUDENT: 'students',
  PARENT: 'parents',
  STAFF: 'staff',
  COMMITTEE: 'committees',
};

const seed = (data: Partial<DirectoryData>) => bulkWriteDirectory({ ...EMPTY, ...data });

/** A new record, as the seed writes it. */
export async function seedRecord<T extends EntityType>(type: T, record: EntityMap[T]): Promise<EntityMap[T]> {
  await seed({ [LIST[type]]: [record] });
  return record;
}

/** A parent linked to a student, as the seed writes the link. */
export async function seedFamilyLink(link: FamilyLink): Promise<void> {
  await seed({ families: [link] });
}

/** `next` in place of `current` (read just before), one version later, as a re-import would write it. */
export async function rewriteRecord<T extends EntityType>(type: T, current: EntityMap[T], next: EntityMap[T], now = new Date()): Promise<EntityMap[T]> {
  const stored = { ...next, version: current.version + 1, createdAt: current.createdAt, updatedAt: now.toISOString() };
  await seed({ [LIST[type]]: [stored] });
  return stored;
}

/** Deletes a record read at its version, through the data editor's service (a student's childless parents stay). */
export async function removeRecord<T extends EntityType>(type: T, current: EntityMap[T]): Promise<void> {
  const request = { version: current.version, confirm: CONFIRMATION_WORD };
  const ctx = { actor: { kind: 'user' as const, id: 'test-cleanup' }, now: new Date() };
  if (type === 'PARENT' || type === 'STAFF') return deletePerson(type, current.id, request, ctx);
  if (type === 'COMMITTEE') return deleteCommittee(current.id, request, ctx);
  if (type === 'CLASS') return void (await deleteClass(current.id, request, ctx));
  await deleteStudent(current.id, { ...request, orphanParents: 'keep' }, ctx);
}
