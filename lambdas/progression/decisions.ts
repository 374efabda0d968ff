import type {
  NewStudentParent,
  ParentDecision,
  ParentStatus,
  StagedNewStudent,
  StagedStudentChange,
} from '@shared/schemas/progression';
import type { FamilyLink } from '@shared/schemas/student';
import { compareIds } from './analysis';

/**
 * What happens to the parents of leaving students (docs/product-rules.md, Québec conventions: a parent is deleted when all of their children
 * left and they have no other child at the school; docs/product-rules.md, School progression). Pure.
 *
 * - A leaving student graduates, or departs (selected by an admin).
 * - A parent is a candidate when at least one of their children leaves.
 * - Default: remove when none of their children stays and no staged new student names them; keep otherwise.
 * - The admin may override either way, except that a parent named by a new student is always kept (the new
 *   student needs them).
 */

export interface ParentDecisionView {
  parentId: string;
  status: ParentStatus;
  defaultStatus: ParentStatus;
  /** An admin override is in force. */
  overridden: boolean;
  /** Named by a staged new student: kept whatever the override says. */
  lockedByNewStudent: boolean;
  leavingChildIds: string[];
  remainingChildIds: string[];
  newStudentIds: string[];
}

export interface DecisionInput {
  /** The staged rows, one per current student. */
  students: readonly StagedStudentChange[];
  families: readonly FamilyLink[];
  newStudents: readonly StagedNewStudent[];
  overrides: readonly Pick<ParentDecision, 'parentId' | 'status'>[];
}

export const isLeaving = (row: Pick<StagedStudentChange, 'outcome' | 'departing'>): boolean =>
  row.outcome === 'graduates' || row.departing !== undefined;

export function newStudentParents(student: Pick<StagedNewStudent, 'parent1' | 'parent2'>): NewStudentParent[] {
  return student.parent2 ? [student.parent1, student.parent2] : [student.parent1];
}

/** Parent id -> ids of the staged new students that name them (existing parents and new ones alike). */
export function newStudentsByParent(newStudents: readonly StagedNewStudent[]): Map<string, string[]> {
  const byParent = new Map<string, string[]>();
  for (const student of newStudents) {
    for (const parent of newStudentParents(student)) {
      byParent.set(parent.parentId, [...(byParent.get(parent.parentId) ?? []), student.newStudentId]);
    }
  }
  return byParent;
}

/** Every candidate parent with its decision, sorted by parent id. */
export function parentDecisions(input: DecisionInput): ParentDecisionView[] {
  const rows = new Map(input.students.map((row) => [row.studentId, row]));
  const children = new Map<string, string[]>();
  for (const link of input.families) {
    // A link to a student with no staged row (a dangling link) says nothing about who stays.
    if (!rows.has(link.studentId)) continue;
    children.set(link.parentId, [...(children.get(link.parentId) ?? []), link.studentId]);
  }
  const overrides = new Map(input.overrides.map((decision) => [decision.parentId, decision.status]));
  const byParent = newStudentsByParent(input.newStudents);
  const views: ParentDecisionView[] = [];
  for (const [parentId, childIds] of children) {
    const leavingChildIds = childIds.filter((id) => isLeaving(rows.get(id)!)).sort(compareIds);
    if (leavingChildIds.length === 0) continue;
    const remainingChildIds = childIds.filter((id) => !isLeaving(rows.get(id)!)).sort(compareIds);
    const newStudentIds = [...(byParent.get(parentId) ?? [])].sort(compareIds);
    const defaultStatus: ParentStatus = remainingChildIds.length + newStudentIds.length === 0 ? 'remove' : 'keep';
    const override = overrides.get(parentId);
    const lockedByNewStudent = newStudentIds.length > 0;
    const status: ParentStatus = lockedByNewStudent ? 'keep' : (override ?? defaultStatus);
    views.push({
      parentId,
      status,
      defaultStatus,
      overridden: override !== undefined && !lockedByNewStudent,
      lockedByNewStudent,
      leavingChildIds,
      remainingChildIds,
      newStudentIds,
    });
  }
  return views.sort((a, b) => compareIds(a.parentId, b.parentId));
}
