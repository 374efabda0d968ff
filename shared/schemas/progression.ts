import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, LevelCodeSchema, SchoolYearSchema, VersionSchema } from './common';
import { ParentFieldsSchema } from './parent';
import { StudentFieldsSchema } from './student';

/**
 * School progression (spec §4): analyse every student, stage the changes, let an admin review them, apply.
 * Phases: analysis -> review -> applying -> completed (or cancelled before applying).
 */
export const PROGRESSION_PHASES = ['analysis', 'review', 'applying', 'completed', 'cancelled'] as const;
export const ProgressionPhaseSchema = z.enum(PROGRESSION_PHASES);
export type ProgressionPhase = z.infer<typeof ProgressionPhaseSchema>;

const CountSchema = z.number().int().min(0);

export const ProgressionSchema = z.object({
  id: IdSchema,
  fromYear: SchoolYearSchema,
  toYear: SchoolYearSchema,
  phase: ProgressionPhaseSchema,
  totalStudents: CountSchema,
  autoProgression: CountSchema,
  needsAssignment: CountSchema,
  graduating: CountSchema,
  newStudents: CountSchema,
  departing: CountSchema,
  createdBy: z.string().min(1),
  createdAt: IsoDateTimeSchema,
  appliedAt: IsoDateTimeSchema.optional(),
  version: VersionSchema,
});
export type Progression = z.infer<typeof ProgressionSchema>;

/** stays: next level in the same class; needsAssignment: an admin picks a class; graduates: leaves. */
export const StudentOutcomeSchema = z.enum(['stays', 'needsAssignment', 'graduates']);
export type StudentOutcome = z.infer<typeof StudentOutcomeSchema>;

/** What happens to each parent of a graduating or departing student: removed unless another child stays. */
export const ParentOutcomeSchema = z.object({ parentId: IdSchema, status: z.enum(['remove', 'keep']) });

export const StagedStudentChangeSchema = z.object({
  progressionId: IdSchema,
  studentId: IdSchema,
  currentClassId: IdSchema,
  currentLevel: LevelCodeSchema,
  /** Absent for a graduate. */
  newLevel: LevelCodeSchema.optional(),
  outcome: StudentOutcomeSchema,
  assignedClassId: IdSchema.optional(),
  /** Selected by an admin: the student leaves the school (reason optional, spec §5). */
  departing: z.object({ reason: z.string().trim().max(500).optional() }).optional(),
  parents: z.array(ParentOutcomeSchema),
  appliedAt: IsoDateTimeSchema.optional(),
});
export type StagedStudentChange = z.infer<typeof StagedStudentChangeSchema>;

/** A parent of a new student: someone already in the directory, or a new parent. */
export const NewStudentParentSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('existing'), parentId: IdSchema }),
  z.object({ mode: z.literal('new'), parent: ParentFieldsSchema }),
]);
export type NewStudentParent = z.infer<typeof NewStudentParentSchema>;

export const StagedNewStudentSchema = z.object({
  progressionId: IdSchema,
  /** The id the student will have once applied (so a re-run creates it once). */
  newStudentId: IdSchema,
  student: StudentFieldsSchema,
  parent1: NewStudentParentSchema,
  parent2: NewStudentParentSchema.optional(),
  appliedAt: IsoDateTimeSchema.optional(),
});
export type StagedNewStudent = z.infer<typeof StagedNewStudentSchema>;
