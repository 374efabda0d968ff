import type { z } from 'zod';
import { AppError } from '../common/errors';
import type { NewStudentRequestSchema } from '@shared/contracts/progression-api';
import { withParticipation, type Parent } from '@shared/schemas/parent';
import { initialPrivacy } from '@shared/rules/visibility';
import type { NewStudentParent, StagedNewStudent } from '@shared/schemas/progression';
import type { SchoolClass } from '@shared/schemas/school-class';
import { hostsLevel, type LevelSettings } from './analysis';
import { newStudentParents } from './decisions';

/**
 * Rules for staging a new student (docs/product-rules.md, School progression), pure. The class must host the student's level; a
 * parent is an existing one (a directory parent, or a new parent staged with another new student) or a new
 * one, de-duplicated by email against the directory's parents and the other new students' new parents.
 */

export type NewStudentRequest = z.output<typeof NewStudentRequestSchema>;

export interface NewStudentContext {
  settings: LevelSettings;
  classesById: ReadonlyMap<string, SchoolClass>;
  /** Directory parents. */
  parents: readonly Parent[];
  /** The other staged new students (not the one being edited). */
  others: readonly StagedNewStudent[];
  /** The staged version of the student being edited, if any. */
  previous?: StagedNewStudent;
  newId: () => string;
}

const invalid = (path: string, issue: string) => new AppError('VALIDATION_FAILED', [{ path, issue }]);

/** New parents of `student`, by id. */
function newParentsOf(students: readonly StagedNewStudent[]): Map<string, StagedNewStudent> {
  const byId = new Map<string, StagedNewStudent>();
  for (const student of students) {
    for (const parent of newStudentParents(student)) if (parent.mode === 'new') byId.set(parent.parentId, student);
  }
  return byId;
}

/** Ids of this student's new parents that other staged new students name (they must not disappear). */
export function parentsNeededByOthers(student: StagedNewStudent, others: readonly StagedNewStudent[]): string[] {
  const own = newStudentParents(student).filter((p) => p.mode === 'new').map((p) => p.parentId);
  const named = new Set(others.flatMap((other) => newStudentParents(other).map((p) => p.parentId)));
  return own.filter((id) => named.has(id));
}

/**
 * Validates a request and returns the staged student (without progression id and timestamps). Throws
 * VALIDATION_FAILED (400), DUPLICATE_EMAIL (409) or CONFLICT (409, a new parent another student needs).
 */
export function resolveNewStudent(
  request: NewStudentRequest,
  ctx: NewStudentContext,
): Pick<StagedNewStudent, 'newStudentId' | 'student' | 'parent1' | 'parent2'> {
  const { student } = request;
  if (!ctx.settings.levels.some((level) => level.code === student.level)) throw invalid('student.level', 'unknown_level');
  if (!ctx.classesById.has(student.classId)) throw invalid('student.classId', 'unknown_class');
  if (!hostsLevel(ctx.classesById, student.classId, student.level)) throw invalid('student.classId', 'class_does_not_host_level');

  const directory = new Map(ctx.parents.map((p) => [p.id, p]));
  const othersNewParents = newParentsOf(ctx.others);
  const previousNew = new Set(
    ctx.previous ? newStudentParents(ctx.previous).filter((p) => p.mode === 'new').map((p) => p.parentId) : [],
  );
  const registered = new Map<string, string>();
  for (const parent of ctx.parents) if (parent.email) registered.set(parent.email, parent.id);
  const stagedEmails = new Map<string, string>();
  for (const [parentId, owner] of othersNewParents) {
    const parent = newStudentParents(owner).find((p) => p.parentId === parentId);
    if (parent?.mode === 'new' && parent.parent.email) stagedEmails.set(parent.parent.email, parentId);
  }

  const resolveParent = (input: NewStudentRequest['parent1'], path: string): NewStudentParent => {
    if (input.mode === 'existing') {
      if (!directory.has(input.parentId) && !othersNewParents.has(input.parentId)) throw invalid(`${path}.parentId`, 'unknown_parent');
      return { mode: 'existing', parentId: input.parentId };
    }
    const email = input.parent.email;
    if (email && registered.has(email)) {
      throw new AppError('DUPLICATE_EMAIL', [{ path: `${path}.parent.email`, issue: 'registered_parent' }]);
    }
    if (email && stagedEmails.has(email)) {
      throw new AppError('DUPLICATE_EMAIL', [{ path: `${path}.parent.email`, issue: 'staged_parent' }]);
    }
    if (input.parentId !== undefined && !previousNew.has(input.parentId)) throw invalid(`${path}.parentId`, 'unknown_parent');
    const parentId = input.parentId ?? ctx.newId();
    const { participation, audiences, ...fields } = input.parent;
    // No choice on file: the parent starts private until they choose (docs/decisions/privacy-by-default-name-and-email-for-others-nothing.md, "Privacy by default").
    const choice = initialPrivacy(participation, audiences);
    const parent = withParticipation({ ...fields, ...choice }, choice.participation, choice.audiences);
    return { mode: 'new', parentId, parent };
  };

  const parent1 = resolveParent(request.parent1, 'parent1');
  const parent2 = request.parent2 ? resolveParent(request.parent2, 'parent2') : undefined;
  if (parent2 && parent2.parentId === parent1.parentId) throw invalid('parent2', 'same_parent');

  const newStudentId = ctx.previous?.newStudentId ?? ctx.newId();
  const resolved = { newStudentId, student, parent1, ...(parent2 ? { parent2 } : {}) };
  if (ctx.previous) {
    const kept = new Set(newStudentParents(resolved).filter((p) => p.mode === 'new').map((p) => p.parentId));
    const dropped = parentsNeededByOthers(ctx.previous, ctx.others).filter((id) => !kept.has(id));
    if (dropped.length > 0) throw new AppError('CONFLICT', dropped.map((id) => ({ path: `parents.${id}`, issue: 'needed_by_new_student' })));
  }
  return resolved;
}
