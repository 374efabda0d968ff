import * as z from 'zod';
import { EmailSchema, IdSchema, LevelCodeSchema, SchoolYearSchema } from '@shared/schemas/common';
import { ParentSchema, withParticipation, type Parent } from '@shared/schemas/parent';
import { StudentSchema, type Student } from '@shared/schemas/student';
import { compareIds } from './analysis';
import { isLeaving, newStudentParents } from './decisions';
import { targetClassId, type ProgressionModel } from './model';
import { representativeChanges } from './views';

/**
 * The apply as a list of small steps (docs/progression.md "Apply"). Each step is one TransactWrite (or, for
 * accounts, a few Cognito calls) that also marks the step done, so a step runs at most once whatever happens
 * to the process running it. Steps run in this order of kinds; steps of one kind are independent of each
 * other and may run in parallel. Pure: built from the model and the apply's fixed time stamp.
 */
export const STEP_KINDS = [
  'createParent',
  'createStudent',
  'moveStudent',
  'removeStudent',
  'removeParent',
  'updateClass',
  'removeAccount',
  'finish',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

const Ids = z.array(IdSchema);

export const PlanStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('createParent'), parent: ParentSchema }),
  z.object({ kind: z.literal('createStudent'), student: StudentSchema, parentIds: Ids }),
  z.object({
    kind: z.literal('moveStudent'),
    studentId: IdSchema,
    level: LevelCodeSchema,
    classId: IdSchema,
    changesClass: z.boolean(),
  }),
  z.object({ kind: z.literal('removeStudent'), studentId: IdSchema, reason: z.enum(['graduated', 'departed']), parentIds: Ids }),
  z.object({ kind: z.literal('removeParent'), parentId: IdSchema, studentIds: Ids, committeeIds: Ids }),
  z.object({ kind: z.literal('updateClass'), classId: IdSchema, removeStudentIds: Ids, removeParentIds: Ids }),
  /** Deletes the Cognito account(s) of an email once no registered person uses it any more. */
  z.object({ kind: z.literal('removeAccount'), email: EmailSchema, parentIds: Ids }),
  z.object({ kind: z.literal('finish'), fromYear: SchoolYearSchema, toYear: SchoolYearSchema }),
]);
export type PlanStep = z.infer<typeof PlanStepSchema>;

const byId = compareIds;

export function buildPlan(model: ProgressionModel, options: { stamp: string; fromYear: string; toYear: string }): PlanStep[] {
  const { snapshot, staging } = model;
  const meta = { version: 1, createdAt: options.stamp, updatedAt: options.stamp };
  const steps: PlanStep[] = [];

  for (const { parentId, parent } of [...model.newParents].sort((a, b) => byId(a.parentId, b.parentId))) {
    const entity: Parent = { ...withParticipation(parent, parent.participation), id: parentId, ...meta };
    steps.push({ kind: 'createParent', parent: entity });
  }
  for (const arrival of [...staging.newStudents].sort((a, b) => byId(a.newStudentId, b.newStudentId))) {
    const student: Student = { ...arrival.student, id: arrival.newStudentId, ...meta };
    const parentIds = [...new Set(newStudentParents(arrival).map((p) => p.parentId))].sort(byId);
    steps.push({ kind: 'createStudent', student, parentIds });
  }

  const rows = [...staging.students].filter((row) => model.studentsById.has(row.studentId)).sort((a, b) => byId(a.studentId, b.studentId));
  for (const row of rows) {
    const classId = targetClassId(model, row);
    if (isLeaving(row) || !classId || !row.newLevel) continue;
    steps.push({ kind: 'moveStudent', studentId: row.studentId, level: row.newLevel, classId, changesClass: classId !== row.currentClassId });
  }
  for (const row of rows.filter(isLeaving)) {
    steps.push({
      kind: 'removeStudent',
      studentId: row.studentId,
      reason: row.outcome === 'graduates' ? 'graduated' : 'departed',
      parentIds: [...(model.parentIdsByStudent.get(row.studentId) ?? [])].sort(byId),
    });
  }

  const removed = [...model.removedParentIds].filter((id) => model.parentsById.has(id)).sort(byId);
  for (const parentId of removed) {
    const studentIds = snapshot.families.filter((l) => l.parentId === parentId).map((l) => l.studentId).sort(byId);
    const committeeIds = snapshot.memberships
      .filter((m) => m.personType === 'PARENT' && m.personId === parentId)
      .map((m) => m.committeeId)
      .sort(byId);
    steps.push({ kind: 'removeParent', parentId, studentIds, committeeIds });
  }
  for (const change of representativeChanges(model)) {
    steps.push({
      kind: 'updateClass',
      classId: change.classId,
      removeStudentIds: change.studentRepresentativesRemoved,
      removeParentIds: change.parentRepresentativesRemoved,
    });
  }

  // One account per email; an email a kept parent still uses keeps its account (the executor re-checks the
  // registry, which also knows staff).
  const keptEmails = new Set(
    snapshot.parents.filter((p) => p.email && !model.removedParentIds.has(p.id)).map((p) => p.email!),
  );
  const removedByEmail = new Map<string, string[]>();
  for (const parentId of removed) {
    const email = model.parentsById.get(parentId)!.email;
    if (email && !keptEmails.has(email)) removedByEmail.set(email, [...(removedByEmail.get(email) ?? []), parentId]);
  }
  for (const [email, parentIds] of [...removedByEmail].sort(([a], [b]) => byId(a, b))) {
    steps.push({ kind: 'removeAccount', email, parentIds });
  }

  steps.push({ kind: 'finish', fromYear: options.fromYear, toYear: options.toYear });
  return steps;
}
