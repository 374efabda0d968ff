import { sortLevels } from '@shared/format/levels';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { StagedStudentChange, StudentOutcome } from '@shared/schemas/progression';
import type { Student } from '@shared/schemas/student';
import { frenchNumericCompare } from '@shared/format/collation';

/**
 * The analysis of a school progression (docs/product-rules.md, Québec conventions), pure: no AWS, no clock. Levels and
 * the graduating level come from the settings, the grades a class hosts from the class records.
 */

export type LevelSettings = Pick<SchoolSettings, 'levels' | 'graduatingLevel'>;

/** Ids (ULIDs) in code-unit order: locale-independent, so plans are the same on every machine. */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** What the analysis says about one student, before any admin choice. */
export type StudentAnalysis = Pick<
  StagedStudentChange,
  'studentId' | 'currentClassId' | 'currentLevel' | 'newLevel' | 'outcome'
>;

export interface AnalysisCounts {
  totalStudents: number;
  autoProgression: number;
  needsAssignment: number;
  graduating: number;
}

/**
 * The level a student at `code` has next year. Students at the graduating level graduate, and so do students
 * at a level placed after it or at the last level (nowhere to go). A code the settings do not know has no
 * next level and does not graduate: its students need an admin (they show up as missing assignments).
 */
export function nextLevelCode(settings: LevelSettings, code: string): { graduates: true } | { graduates: false; newLevel?: string } {
  const levels = sortLevels(settings.levels);
  const index = levels.findIndex((level) => level.code === code);
  if (index < 0) return { graduates: false };
  const graduating = levels.findIndex((level) => level.code === settings.graduatingLevel);
  if (code === settings.graduatingLevel || (graduating >= 0 && index > graduating) || index === levels.length - 1) {
    return { graduates: true };
  }
  return { graduates: false, newLevel: levels[index + 1]!.code };
}

/** Ids of the classes that host `level`, in class-code order (what an assignment may choose from). */
export function classesHosting(classes: readonly SchoolClass[], level: string | undefined): string[] {
  if (!level) return [];
  return classes
    .filter((schoolClass) => schoolClass.levels.includes(level))
    .sort((a, b) => frenchNumericCompare(a.code, b.code))
    .map((schoolClass) => schoolClass.id);
}

/**
 * One student: graduates at the graduating level; otherwise moves up a level and stays in the class when the
 * class hosts the new level (first grade of a multi-grade class), else needs a new class.
 */
export function analyseStudent(
  settings: LevelSettings,
  classesById: ReadonlyMap<string, SchoolClass>,
  student: Student,
): StudentAnalysis {
  const base = { studentId: student.id, currentClassId: student.classId, currentLevel: student.level };
  const next = nextLevelCode(settings, student.level);
  if (next.graduates) return { ...base, outcome: 'graduates' };
  const hosts = next.newLevel !== undefined && classesById.get(student.classId)?.levels.includes(next.newLevel);
  const outcome: StudentOutcome = hosts ? 'stays' : 'needsAssignment';
  return { ...base, outcome, ...(next.newLevel ? { newLevel: next.newLevel } : {}) };
}

/** Every student, sorted by id so the rows (and the plan built from them) are deterministic. */
export function analyseSchool(input: {
  settings: LevelSettings;
  classes: readonly SchoolClass[];
  students: readonly Student[];
}): StudentAnalysis[] {
  const classesById = new Map(input.classes.map((schoolClass) => [schoolClass.id, schoolClass]));
  return [...input.students]
    .sort((a, b) => compareIds(a.id, b.id))
    .map((student) => analyseStudent(input.settings, classesById, student));
}

export function countAnalysis(rows: readonly Pick<StudentAnalysis, 'outcome'>[]): AnalysisCounts {
  const count = (outcome: StudentOutcome) => rows.filter((row) => row.outcome === outcome).length;
  return {
    totalStudents: rows.length,
    autoProgression: count('stays'),
    needsAssignment: count('needsAssignment'),
    graduating: count('graduates'),
  };
}

/** True when a staged row still says what a fresh analysis of the same student says. */
export function sameAnalysis(a: StudentAnalysis, b: StudentAnalysis): boolean {
  return (
    a.studentId === b.studentId &&
    a.currentClassId === b.currentClassId &&
    a.currentLevel === b.currentLevel &&
    a.newLevel === b.newLevel &&
    a.outcome === b.outcome
  );
}

/** True when `classId` is a class that hosts `level` (the only classes an assignment may name). */
export function hostsLevel(classesById: ReadonlyMap<string, SchoolClass>, classId: string, level: string | undefined): boolean {
  return level !== undefined && (classesById.get(classId)?.levels.includes(level) ?? false);
}

/**
 * Re-running the analysis over rows already staged: fresh rows replace stale ones, and an admin's choices
 * survive when they still make sense (an assignment to a class that still hosts the new level, a departure).
 * Returns the rows to write (new or changed only) and the ids of students who are gone.
 */
export function mergeAnalysis(
  progressionId: string,
  existing: readonly StagedStudentChange[],
  fresh: readonly StudentAnalysis[],
  classesById: ReadonlyMap<string, SchoolClass>,
): { put: StagedStudentChange[]; remove: string[] } {
  const before = new Map(existing.map((row) => [row.studentId, row]));
  const put: StagedStudentChange[] = [];
  for (const analysis of fresh) {
    const old = before.get(analysis.studentId);
    if (old && sameAnalysis(old, analysis)) continue;
    const row: StagedStudentChange = { progressionId, ...analysis };
    if (old?.departing && analysis.outcome !== 'graduates') row.departing = old.departing;
    if (old?.assignedClassId && analysis.outcome !== 'graduates' && hostsLevel(classesById, old.assignedClassId, analysis.newLevel)) {
      row.assignedClassId = old.assignedClassId;
    }
    put.push(row);
  }
  const present = new Set(fresh.map((row) => row.studentId));
  const remove = existing.filter((row) => !present.has(row.studentId)).map((row) => row.studentId);
  return { put, remove };
}
