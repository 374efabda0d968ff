import type { StudentDeleteRequest, StudentInput } from '@shared/contracts/admin-api';
import type { Student } from '@shared/schemas/student';
import { removeUnregisteredAccounts } from '../../registry/public';
import { keys } from '../../common/keys';
import { familyItem } from '../../directory/public';
import { getEntity, newEntityMeta } from '../../directory/public';
import { parentsOf } from '../../directory/public';
import { childrenOf } from '../../directory/public';
import { auditPut } from '../../common/audit';
import {
  changedFields,
  classCleanup,
  commit,
  deleteAt,
  deleteKey,
  invalid,
  loadAt,
  nextVersion,
  putCreate,
  putItem,
  putUpdate,
  requireConfirmation,
  requireExisting,
  validated,
  type EditContext,
} from './edit-support';
import { personDeletion } from './people-edit';
import type { TransactItem } from '../../common/transact';

/** Students with their family links: a student and the list of their parents change together. */

async function checkPlacement(input: Pick<StudentInput, 'classId' | 'level' | 'parentIds'>): Promise<void> {
  const schoolClass = await getEntity('CLASS', input.classId);
  if (!schoolClass) throw invalid('classId', 'not_found');
  if (!schoolClass.levels.includes(input.level)) throw invalid('level', 'not_in_class');
  await requireExisting('PARENT', input.parentIds, 'parentIds');
}

export async function createStudent(input: StudentInput, ctx: EditContext): Promise<{ record: Student; parentIds: string[] }> {
  const { parentIds, ...fields } = input;
  await checkPlacement(input);
  const record = validated('STUDENT', { ...newEntityMeta(ctx.now), ...fields });
  const links = parentIds.map((parentId) => putItem(familyItem({ parentId, studentId: record.id })));
  await commit(ctx, [putCreate('STUDENT', record), ...links], { type: 'STUDENT', id: record.id, verb: 'create' });
  return { record, parentIds };
}

export async function updateStudent(
  id: string,
  input: StudentInput & { version: number },
  ctx: EditContext,
): Promise<{ record: Student; parentIds: string[] }> {
  const { version, parentIds, ...fields } = input;
  const current = await loadAt('STUDENT', id, version);
  await checkPlacement(input);
  const next = nextVersion('STUDENT', current, fields, ctx.now);
  const before = await parentsOf(id);
  const items: TransactItem[] = [putUpdate('STUDENT', next, current.version)];
  for (const parentId of parentIds) if (!before.includes(parentId)) items.push(putItem(familyItem({ parentId, studentId: id })));
  for (const parentId of before) if (!parentIds.includes(parentId)) items.push(deleteKey(keys.family(parentId, id)));
  const fieldNames = changedFields(current, next);
  if (items.length > 1) fieldNames.push('parentIds');
  await commit(ctx, items, { type: 'STUDENT', id, verb: 'update', fields: fieldNames });
  return { record: next, parentIds };
}

/**
 * Deletes a student. A parent whose only child this is would be left with no child at the school: unless the
 * request says what to do (`orphanParents`), nothing is deleted and the caller gets ORPHAN_PARENTS with their
 * ids, so the admin is told and chooses. `delete` removes them in the same transaction.
 */
export async function deleteStudent(
  id: string,
  request: StudentDeleteRequest,
  ctx: EditContext,
): Promise<{ deletedParentIds: string[] } | { orphanParentIds: string[] }> {
  requireConfirmation(request.confirm);
  const current = await loadAt('STUDENT', id, request.version);
  const parentIds = await parentsOf(id);
  const orphans: string[] = [];
  for (const parentId of parentIds) {
    const children = await childrenOf(parentId, { consistent: true });
    if (children.every((child) => child === id)) orphans.push(parentId);
  }
  if (orphans.length > 0 && !request.orphanParents) return { orphanParentIds: orphans };
  const items: TransactItem[] = [deleteAt('STUDENT', current), ...parentIds.map((p) => deleteKey(keys.family(p, id)))];
  const deletedParentIds = request.orphanParents === 'delete' ? orphans : [];
  const deletedEmails: (string | undefined)[] = [];
  for (const parentId of deletedParentIds) {
    const parent = await getEntity('PARENT', parentId);
    if (!parent) continue;
    deletedEmails.push(parent.email);
    // The family link to this student is already in the list; the parent has no other.
    items.push(...(await personDeletion('PARENT', parent, [])));
    items.push(
      auditPut({ at: ctx.now.toISOString(), actor: ctx.actor, action: 'parent.delete', target: { type: 'PARENT', id: parentId } }),
    );
  }
  items.push(...(await classCleanup({ students: [id], parents: deletedParentIds }, ctx.now)));
  await commit(ctx, items, { type: 'STUDENT', id, verb: 'delete', count: 1 + deletedParentIds.length });
  await removeUnregisteredAccounts(deletedEmails);
  return { deletedParentIds };
}

