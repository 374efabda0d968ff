import { ulid } from 'ulid';
import { AppError } from '../common/errors';
import { keys } from '../common/keys';
import type { ParentLookupResponse, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { newStudentParents } from './decisions';
import { parentsNeededByOthers, resolveNewStudent, type NewStudentRequest } from './new-student-rules';
import { deleteItem, putItem, readStaging, stagedNewStudentItem, stagingWrite } from './progression-repository';
import { ctxOf, load, loadModel, workspace, type ServiceOptions } from './service-context';

/** New students (docs/product-rules.md, School progression) and the parent lookup their form uses. */

/** Adds (no `newStudentId`) or replaces a staged new student. */
export async function saveNewStudent(
  id: string,
  newStudentId: string | undefined,
  request: NewStudentRequest,
  options: ServiceOptions = {},
): Promise<ProgressionWorkspace> {
  const ctx = ctxOf(options);
  await load(ctx, id, ['review']);
  const model = await loadModel(ctx, id);
  const previous = newStudentId ? model.staging.newStudents.find((s) => s.newStudentId === newStudentId) : undefined;
  if (newStudentId && !previous) throw new AppError('NOT_FOUND');
  const resolved = resolveNewStudent(request, {
    settings: model.snapshot.settings,
    classesById: model.classesById,
    parents: model.snapshot.parents,
    others: model.staging.newStudents.filter((s) => s.newStudentId !== newStudentId),
    ...(previous ? { previous } : {}),
    newId: () => ulid(ctx.now().getTime()),
  });
  const at = ctx.now().toISOString();
  const row = { progressionId: id, ...resolved, createdAt: previous?.createdAt ?? at, updatedAt: at };
  await stagingWrite(ctx.db, id, [putItem(stagedNewStudentItem(row))]);
  return workspace(ctx, id, model.snapshot);
}

/** Removes a staged new student; CONFLICT if another new student names one of its new parents. */
export async function deleteNewStudent(id: string, newStudentId: string, options: ServiceOptions = {}): Promise<ProgressionWorkspace> {
  const ctx = ctxOf(options);
  await load(ctx, id, ['review']);
  const staging = await readStaging(ctx.db, id);
  const student = staging.newStudents.find((s) => s.newStudentId === newStudentId);
  if (!student) throw new AppError('NOT_FOUND');
  const needed = parentsNeededByOthers(student, staging.newStudents.filter((s) => s.newStudentId !== newStudentId));
  if (needed.length > 0) throw new AppError('CONFLICT', needed.map((parentId) => ({ path: `parents.${parentId}`, issue: 'needed_by_new_student' })));
  await stagingWrite(ctx.db, id, [deleteItem(keys.stagedNewStudent(id, newStudentId))]);
  return workspace(ctx, id);
}

/** Who already uses an email: directory parents, and new parents staged with other new students. */
export async function lookupParent(id: string, email: string, options: ServiceOptions = {}): Promise<ParentLookupResponse> {
  const ctx = ctxOf(options);
  await load(ctx, id, ['analysis', 'review']);
  const model = await loadModel(ctx, id);
  const matches: ParentLookupResponse['matches'] = model.snapshot.parents
    .filter((parent) => parent.email === email)
    .map((parent) => ({ parentId: parent.id, firstName: parent.firstName, lastName: parent.lastName, source: 'directory' as const }));
  for (const student of model.staging.newStudents) {
    for (const parent of newStudentParents(student)) {
      if (parent.mode === 'new' && parent.parent.email === email) {
        matches.push({
          parentId: parent.parentId,
          firstName: parent.parent.firstName,
          lastName: parent.parent.lastName,
          source: 'newStudent',
          newStudentId: student.newStudentId,
        });
      }
    }
  }
  return { matches };
}

