import type {
  ApplyProgress,
  ProgressionReview,
  ProgressionSummary,
  ProgressionWorkspace,
  ReviewName,
} from '@shared/contracts/progression-api';
import type { Progression } from '@shared/schemas/progression';
import { compareIds } from './analysis';
import { frenchNumericCompare } from '@shared/format/collation';
import { newStudentParents } from './decisions';
import { blockers, candidatesFor, liveCounts, targetClassId, type ProgressionModel } from './model';

/** The API's views of a progression (shared/contracts/progression-api.ts), computed from the model. Pure. */

const byName = <T extends ReviewName>(a: T, b: T) =>
  frenchNumericCompare(a.lastName, b.lastName) || frenchNumericCompare(a.firstName, b.firstName);

export function applyProgress(progression: Progression): ApplyProgress | undefined {
  const apply = progression.apply;
  if (!apply) return undefined;
  const percent =
    apply.stage === 'done' ? 100 : apply.totalSteps === 0 ? 0 : Math.floor((apply.cursor / apply.totalSteps) * 100);
  return {
    stage: apply.stage,
    totalSteps: apply.totalSteps,
    doneSteps: apply.cursor,
    percent,
    startedAt: apply.stamp,
    ...(apply.finishedAt ? { finishedAt: apply.finishedAt } : {}),
    ...(apply.backup ? { backup: apply.backup } : {}),
  };
}

/**
 * The header as the API shows it. Live counts when the model is given (staging can still change); otherwise the
 * counts fixed when the apply wrote its plan, or the analysis's (an applied progression's directory no longer
 * holds what was staged).
 */
export function summarize(progression: Progression, model?: ProgressionModel): ProgressionSummary {
  const counts = model
    ? liveCounts(model)
    : (progression.apply?.counts ?? {
        totalStudents: progression.totalStudents,
        autoProgression: progression.autoProgression,
        needsAssignment: progression.needsAssignment,
        graduating: progression.graduating,
        assigned: 0,
        missingAssignments: 0,
        departing: progression.departing,
        newStudents: progression.newStudents,
        newParents: 0,
        parentsToRemove: 0,
      });
  const apply = applyProgress(progression);
  return {
    id: progression.id,
    fromYear: progression.fromYear,
    toYear: progression.toYear,
    phase: progression.phase,
    createdAt: progression.createdAt,
    ...(progression.appliedAt ? { appliedAt: progression.appliedAt } : {}),
    counts,
    ...(apply ? { apply } : {}),
  };
}

export function workspaceView(progression: Progression, model: ProgressionModel): ProgressionWorkspace {
  const { snapshot, staging } = model;
  const name = (id: string) => model.studentsById.get(id);
  const students = staging.students
    .filter((row) => name(row.studentId))
    .map((row) => {
      const student = name(row.studentId)!;
      const target = targetClassId(model, row);
      return {
        studentId: row.studentId,
        firstName: student.firstName,
        lastName: student.lastName,
        currentLevel: row.currentLevel,
        currentClassId: row.currentClassId,
        ...(row.newLevel ? { newLevel: row.newLevel } : {}),
        outcome: row.outcome,
        candidateClassIds: row.outcome === 'graduates' ? [] : candidatesFor(model, row.newLevel),
        ...(row.assignedClassId ? { assignedClassId: row.assignedClassId } : {}),
        ...(target ? { targetClassId: target } : {}),
        ...(row.departing ? { departing: row.departing } : {}),
        parentIds: [...(model.parentIdsByStudent.get(row.studentId) ?? [])].sort(compareIds),
      };
    })
    .sort(byName);
  const parentDecisions = model.decisions
    .filter((decision) => model.parentsById.has(decision.parentId))
    .map((decision) => {
      const parent = model.parentsById.get(decision.parentId)!;
      return { ...decision, firstName: parent.firstName, lastName: parent.lastName, hasEmail: !!parent.email };
    })
    .sort(byName);
  return {
    progression: summarize(progression, model),
    levels: snapshot.settings.levels,
    graduatingLevel: snapshot.settings.graduatingLevel,
    classes: snapshot.classes
      .map(({ id, code, name: className, levels }) => ({ id, code, name: className, levels }))
      .sort((a, b) => frenchNumericCompare(a.code, b.code)),
    students,
    parentDecisions,
    newStudents: staging.newStudents.map(({ progressionId: _ignored, ...rest }) => rest),
    blockers: blockers(model),
  };
}

/** Ids of class representatives who will no longer be in their class or at the school. */
export function representativeChanges(model: ProgressionModel): ProgressionReview['classChanges'] {
  const changes: ProgressionReview['classChanges'] = [];
  for (const schoolClass of [...model.snapshot.classes].sort((a, b) => compareIds(a.id, b.id))) {
    const studentRepresentativesRemoved = schoolClass.studentRepresentativeIds.filter((id) => {
      const row = model.rowsById.get(id);
      return !row || targetClassId(model, row) !== schoolClass.id;
    });
    const parentRepresentativesRemoved = schoolClass.parentRepresentativeIds.filter((id) => model.removedParentIds.has(id));
    if (studentRepresentativesRemoved.length + parentRepresentativesRemoved.length > 0) {
      changes.push({ classId: schoolClass.id, studentRepresentativesRemoved, parentRepresentativesRemoved });
    }
  }
  return changes;
}

/** The new students of the review, each with their parents, new or already known. */
function arrivalsOf(model: ProgressionModel): ProgressionReview['arrivals'] {
  const newParentNames = new Map(model.newParents.map((p) => [p.parentId, p.parent]));
  return model.staging.newStudents.map((student) => ({
    newStudentId: student.newStudentId,
    firstName: student.student.firstName,
    lastName: student.student.lastName,
    level: student.student.level,
    classId: student.student.classId,
    parents: newStudentParents(student).map((parent) => {
      const known = parent.mode === 'new' ? parent.parent : (model.parentsById.get(parent.parentId) ?? newParentNames.get(parent.parentId));
      return {
        parentId: parent.parentId,
        mode: parent.mode === 'new' || newParentNames.has(parent.parentId) ? ('new' as const) : ('existing' as const),
        firstName: known?.firstName ?? '',
        lastName: known?.lastName ?? '',
      };
    }),
  }));
}

export function reviewView(progression: Progression, model: ProgressionModel): ProgressionReview {
  const found = blockers(model);
  const person = (id: string) => {
    const student = model.studentsById.get(id);
    return { firstName: student?.firstName ?? '', lastName: student?.lastName ?? '' };
  };
  const review: ProgressionReview = {
    progression: summarize(progression, model),
    ready: found.length === 0,
    blockers: found,
    moves: [],
    missingAssignments: [],
    arrivals: [],
    departures: [],
    graduations: [],
    parentsRemoved: [],
    parentsKept: [],
    newParents: [],
    classChanges: representativeChanges(model),
    studentsWithoutParent: [],
  };
  for (const row of model.staging.students) {
    if (!model.studentsById.has(row.studentId)) continue;
    const base = { studentId: row.studentId, ...person(row.studentId) };
    if (row.outcome === 'graduates') {
      review.graduations.push({ ...base, level: row.currentLevel, classId: row.currentClassId });
    } else if (row.departing) {
      const reason = row.departing.reason;
      review.departures.push({ ...base, level: row.currentLevel, classId: row.currentClassId, ...(reason ? { reason } : {}) });
    } else {
      const target = targetClassId(model, row);
      if (target && row.newLevel) {
        review.moves.push({
          ...base,
          fromLevel: row.currentLevel,
          toLevel: row.newLevel,
          fromClassId: row.currentClassId,
          toClassId: target,
          changesClass: target !== row.currentClassId,
        });
      } else {
        const candidateClassIds = candidatesFor(model, row.newLevel);
        review.missingAssignments.push({ ...base, ...(row.newLevel ? { newLevel: row.newLevel } : {}), candidateClassIds });
      }
      const parents = model.parentIdsByStudent.get(row.studentId) ?? [];
      if (parents.length > 0 && parents.every((id) => model.removedParentIds.has(id))) {
        review.studentsWithoutParent.push(row.studentId);
      }
    }
  }
  review.arrivals.push(...arrivalsOf(model));
  for (const decision of model.decisions) {
    const parent = model.parentsById.get(decision.parentId);
    if (!parent) continue;
    const names = { parentId: parent.id, firstName: parent.firstName, lastName: parent.lastName };
    if (decision.status === 'remove') {
      review.parentsRemoved.push({ ...names, hasEmail: !!parent.email, overridden: decision.overridden });
    } else {
      review.parentsKept.push({ ...names, overridden: decision.overridden, lockedByNewStudent: decision.lockedByNewStudent });
    }
  }
  for (const { parentId, parent } of model.newParents) {
    review.newParents.push({ parentId, firstName: parent.firstName, lastName: parent.lastName, ...(parent.email ? { email: parent.email } : {}) });
  }
  for (const list of [review.moves, review.missingAssignments, review.departures, review.graduations, review.arrivals]) {
    list.sort(byName);
  }
  review.parentsRemoved.sort(byName);
  review.parentsKept.sort(byName);
  review.newParents.sort(byName);
  review.studentsWithoutParent.sort(compareIds);
  return review;
}

