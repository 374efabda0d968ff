import type { Blocker, ProgressionCounts } from '@shared/contracts/progression-api';
import type { Membership } from '@shared/schemas/committee';
import type { Parent, ParentFields } from '@shared/schemas/parent';
import type { ParentDecision, StagedNewStudent, StagedStudentChange } from '@shared/schemas/progression';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { FamilyLink, Student } from '@shared/schemas/student';
import { analyseSchool, classesHosting, compareIds, countAnalysis, hostsLevel, sameAnalysis } from './analysis';
import { isLeaving, newStudentParents, parentDecisions, type ParentDecisionView } from './decisions';

/**
 * The directory and the staged choices side by side, with the indexes every view needs (workspace, review,
 * blockers, plan). Pure: built from data read elsewhere.
 */

export interface SchoolSnapshot {
  settings: SchoolSettings;
  classes: SchoolClass[];
  students: Student[];
  parents: Parent[];
  families: FamilyLink[];
  memberships: Membership[];
}

export interface Staging {
  students: StagedStudentChange[];
  newStudents: StagedNewStudent[];
  decisions: ParentDecision[];
}

export interface NewParent {
  parentId: string;
  parent: ParentFields;
  /** The new student whose form created this parent. */
  newStudentId: string;
}

export interface ProgressionModel {
  snapshot: SchoolSnapshot;
  staging: Staging;
  classesById: Map<string, SchoolClass>;
  studentsById: Map<string, Student>;
  parentsById: Map<string, Parent>;
  rowsById: Map<string, StagedStudentChange>;
  parentIdsByStudent: Map<string, string[]>;
  decisions: ParentDecisionView[];
  removedParentIds: Set<string>;
  /** New parents in staging order, each once. */
  newParents: NewParent[];
  /** Classes hosting each level, in class-code order (the valid assignments). */
  candidatesByLevel: Map<string, string[]>;
}

/** The classes an assignment to `level` may choose from. */
export const candidatesFor = (model: Pick<ProgressionModel, 'candidatesByLevel'>, level: string | undefined): string[] =>
  (level && model.candidatesByLevel.get(level)) || [];

export function buildModel(snapshot: SchoolSnapshot, staging: Staging): ProgressionModel {
  const parentIdsByStudent = new Map<string, string[]>();
  for (const link of snapshot.families) {
    parentIdsByStudent.set(link.studentId, [...(parentIdsByStudent.get(link.studentId) ?? []), link.parentId]);
  }
  const decisions = parentDecisions({
    students: staging.students,
    families: snapshot.families,
    newStudents: staging.newStudents,
    overrides: staging.decisions,
  });
  const newParents = new Map<string, NewParent>();
  for (const student of staging.newStudents) {
    for (const parent of newStudentParents(student)) {
      if (parent.mode === 'new' && !newParents.has(parent.parentId)) {
        newParents.set(parent.parentId, { parentId: parent.parentId, parent: parent.parent, newStudentId: student.newStudentId });
      }
    }
  }
  return {
    snapshot,
    staging,
    classesById: new Map(snapshot.classes.map((c) => [c.id, c])),
    studentsById: new Map(snapshot.students.map((s) => [s.id, s])),
    parentsById: new Map(snapshot.parents.map((p) => [p.id, p])),
    rowsById: new Map(staging.students.map((row) => [row.studentId, row])),
    parentIdsByStudent,
    decisions,
    removedParentIds: new Set(decisions.filter((d) => d.status === 'remove').map((d) => d.parentId)),
    newParents: [...newParents.values()],
    candidatesByLevel: new Map(snapshot.settings.levels.map((level) => [level.code, classesHosting(snapshot.classes, level.code)])),
  };
}

/** Where a staying student goes: a valid assignment, else the kept class; undefined when leaving or missing. */
export function targetClassId(model: Pick<ProgressionModel, 'classesById'>, row: StagedStudentChange): string | undefined {
  if (isLeaving(row)) return undefined;
  if (row.assignedClassId) {
    return hostsLevel(model.classesById, row.assignedClassId, row.newLevel) ? row.assignedClassId : undefined;
  }
  return row.outcome === 'stays' ? row.currentClassId : undefined;
}

/** Staged rows that no longer match the directory, and new students whose class or parent no longer fits. */
export function staleIds(model: ProgressionModel): string[] {
  const { snapshot, staging } = model;
  const stale: string[] = [];
  for (const fresh of analyseSchool(snapshot)) {
    const row = model.rowsById.get(fresh.studentId);
    if (!row || !sameAnalysis(row, fresh)) stale.push(fresh.studentId);
  }
  for (const row of staging.students) if (!model.studentsById.has(row.studentId)) stale.push(row.studentId);
  const newParentIds = new Set(model.newParents.map((p) => p.parentId));
  const levelCodes = new Set(snapshot.settings.levels.map((level) => level.code));
  for (const student of staging.newStudents) {
    const parentsKnown = newStudentParents(student).every(
      (p) => p.mode === 'new' || model.parentsById.has(p.parentId) || newParentIds.has(p.parentId),
    );
    const placed = levelCodes.has(student.student.level) && hostsLevel(model.classesById, student.student.classId, student.student.level);
    if (!parentsKnown || !placed) stale.push(student.newStudentId);
  }
  return stale.sort(compareIds);
}

/** Staying students with no valid class for next year. */
export function missingAssignmentIds(model: ProgressionModel): string[] {
  return model.staging.students
    .filter((row) => !isLeaving(row) && targetClassId(model, row) === undefined)
    .map((row) => row.studentId)
    .sort(compareIds);
}

/**
 * New parents whose email is already a directory parent's, or another new student's new parent's (the two
 * parents of one new student may share an address, as some couples do).
 */
export function duplicateEmailParentIds(model: ProgressionModel): string[] {
  const registered = new Set(model.snapshot.parents.map((p) => p.email).filter((e): e is string => !!e));
  const byEmail = new Map<string, NewParent[]>();
  for (const newParent of model.newParents) {
    if (!newParent.parent.email) continue;
    byEmail.set(newParent.parent.email, [...(byEmail.get(newParent.parent.email) ?? []), newParent]);
  }
  const duplicates: string[] = [];
  for (const [email, parents] of byEmail) {
    const students = new Set(parents.map((p) => p.newStudentId));
    if (registered.has(email) || students.size > 1) duplicates.push(...parents.map((p) => p.parentId));
  }
  return duplicates.sort(compareIds);
}

/** What stops the apply, most fundamental first. Empty: ready. */
export function blockers(model: ProgressionModel): Blocker[] {
  const found: Blocker[] = [
    { code: 'ANALYSIS_STALE', ids: staleIds(model) },
    { code: 'ASSIGNMENTS_MISSING', ids: missingAssignmentIds(model) },
    { code: 'DUPLICATE_EMAIL', ids: duplicateEmailParentIds(model) },
  ];
  return found.filter((blocker) => blocker.ids.length > 0);
}

export function liveCounts(model: ProgressionModel): ProgressionCounts {
  const rows = model.staging.students;
  const staying = rows.filter((row) => !isLeaving(row));
  return {
    ...countAnalysis(rows),
    assigned: staying.filter((row) => row.outcome === 'needsAssignment' && targetClassId(model, row) !== undefined).length,
    missingAssignments: staying.filter((row) => targetClassId(model, row) === undefined).length,
    departing: rows.filter((row) => row.departing !== undefined).length,
    newStudents: model.staging.newStudents.length,
    newParents: model.newParents.length,
    parentsToRemove: model.removedParentIds.size,
  };
}
