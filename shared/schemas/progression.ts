import * as z from 'zod';
import { IdSchema, IsoDateTimeSchema, LevelCodeSchema, SchoolYearSchema, VersionSchema } from './common';
import { ParentFieldsSchema } from './parent';
import { StudentFieldsSchema } from './student';

/**
 * School progression (docs/progression.md): analyse every student, stage the changes, let an admin
 * review them, apply. Phases: analysis -> review -> applying -> completed (or cancelled before applying).
 * `analysis` only lasts while the analysis rows are written; staging happens in `review`.
 */
export const PROGRESSION_PHASES = ['analysis', 'review', 'applying', 'completed', 'cancelled'] as const;
export const ProgressionPhaseSchema = z.enum(PROGRESSION_PHASES);
export type ProgressionPhase = z.infer<typeof ProgressionPhaseSchema>;

const CountSchema = z.number().int().min(0);

/**
 * Where a running apply is. `prepare`: the backup and the plan are being written (no directory change yet);
 * `steps`: the plan's steps run in order, `cursor` of `totalSteps` are done; `done`: everything is applied.
 */
export const APPLY_STAGES = ['prepare', 'steps', 'done'] as const;

/** The export taken before any change: `parts` gzipped JSON chunks in the progression's partition. */
export const BackupManifestSchema = z.object({
  parts: z.number().int().min(1),
  items: CountSchema,
  /** Size of the JSON before compression. */
  bytes: CountSchema,
  takenAt: IsoDateTimeSchema,
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

/** Counts shown on the dashboard card: the analysis's, then the staged choices'. */
export const ProgressionCountsSchema = z.object({
  totalStudents: CountSchema,
  autoProgression: CountSchema,
  needsAssignment: CountSchema,
  graduating: CountSchema,
  assigned: CountSchema,
  missingAssignments: CountSchema,
  departing: CountSchema,
  newStudents: CountSchema,
  newParents: CountSchema,
  parentsToRemove: CountSchema,
});
export type ProgressionCounts = z.infer<typeof ProgressionCountsSchema>;

export const ApplyStateSchema = z.object({
  stage: z.enum(APPLY_STAGES),
  /**
   * The time written on every item the apply changes (`updatedAt`, audit ids). Fixed when the apply starts, so
   * a resumed run writes exactly what an uninterrupted one would.
   */
  stamp: IsoDateTimeSchema,
  /** Cognito `sub` of the admin who confirmed. */
  startedBy: z.string().min(1),
  totalSteps: CountSchema,
  cursor: CountSchema,
  backup: BackupManifestSchema.optional(),
  /** The counts of what is being applied, fixed when the plan is written. */
  counts: ProgressionCountsSchema.optional(),
  finishedAt: IsoDateTimeSchema.optional(),
});
export type ApplyState = z.infer<typeof ApplyStateSchema>;

export const ProgressionSchema = z.object({
  id: IdSchema,
  fromYear: SchoolYearSchema,
  toYear: SchoolYearSchema,
  phase: ProgressionPhaseSchema,
  /** Counts of the analysis (and, once applying, of the staged changes being applied). */
  totalStudents: CountSchema,
  autoProgression: CountSchema,
  needsAssignment: CountSchema,
  graduating: CountSchema,
  newStudents: CountSchema,
  departing: CountSchema,
  createdBy: z.string().min(1),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema.optional(),
  appliedAt: IsoDateTimeSchema.optional(),
  apply: ApplyStateSchema.optional(),
  version: VersionSchema,
});
export type Progression = z.infer<typeof ProgressionSchema>;

/** stays: next level in the same class; needsAssignment: an admin picks a class; graduates: leaves. */
export const StudentOutcomeSchema = z.enum(['stays', 'needsAssignment', 'graduates']);
export type StudentOutcome = z.infer<typeof StudentOutcomeSchema>;

export const DepartureReasonSchema = z.string().trim().max(500);

/** One row per current student (`PROGRESSION#<id>` / `STUDENT#<studentId>`), written by the analysis. */
export const StagedStudentChangeSchema = z.object({
  progressionId: IdSchema,
  studentId: IdSchema,
  currentClassId: IdSchema,
  currentLevel: LevelCodeSchema,
  /** Absent for a graduate. */
  newLevel: LevelCodeSchema.optional(),
  outcome: StudentOutcomeSchema,
  /**
   * The class chosen by an admin (needsAssignment), or an admin's override of the kept class (stays). Always a
   * class hosting `newLevel`.
   */
  assignedClassId: IdSchema.optional(),
  /** Selected by an admin: the student leaves the school (reason optional). */
  departing: z.object({ reason: DepartureReasonSchema.optional() }).optional(),
});
export type StagedStudentChange = z.infer<typeof StagedStudentChangeSchema>;

export const PARENT_STATUSES = ['remove', 'keep'] as const;
export const ParentStatusSchema = z.enum(PARENT_STATUSES);
export type ParentStatus = z.infer<typeof ParentStatusSchema>;

/**
 * An admin's override of what happens to a parent of a leaving student (`PARENT#<parentId>`). Without one the
 * default applies: remove when no child of theirs stays or arrives, keep otherwise.
 */
export const ParentDecisionSchema = z.object({
  progressionId: IdSchema,
  parentId: IdSchema,
  status: ParentStatusSchema,
});
export type ParentDecision = z.infer<typeof ParentDecisionSchema>;

/**
 * A parent of a new student: someone already in the directory (or a new parent staged with another new
 * student, by the id that parent will have), or a new parent whose id is fixed when staged.
 */
export const NewStudentParentSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('existing'), parentId: IdSchema }),
  z.object({ mode: z.literal('new'), parentId: IdSchema, parent: ParentFieldsSchema }),
]);
export type NewStudentParent = z.infer<typeof NewStudentParentSchema>;

export const StagedNewStudentSchema = z.object({
  progressionId: IdSchema,
  /** The id the student will have once applied (so a re-run creates it once). */
  newStudentId: IdSchema,
  /** `level` is the level for the coming year; `classId` a class hosting it. */
  student: StudentFieldsSchema,
  parent1: NewStudentParentSchema,
  parent2: NewStudentParentSchema.optional(),
  createdAt: IsoDateTimeSchema.optional(),
  updatedAt: IsoDateTimeSchema.optional(),
});
export type StagedNewStudent = z.infer<typeof StagedNewStudentSchema>;
