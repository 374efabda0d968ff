import * as z from 'zod';
import { AddressInputSchema } from '../schemas/common';
import {
  EmailSchema,
  IdSchema,
  LanguageSchema,
  LevelCodeSchema,
  PersonNameSchema,
  PhoneInputSchema,
  type Level,
} from '../schemas/common';
import { InterestsSchema } from '../schemas/interests';
import { FieldAudiencesSchema, ParticipationSchema } from '../schemas/parent';
import {
  DepartureReasonSchema,
  type BackupManifest,
  type ParentStatus,
  type ProgressionCounts,
  type ProgressionPhase,
  type StagedNewStudent,
  type StudentOutcome,
} from '../schemas/progression';

/**
 * Contract of the school progression API (/api/admin/progression/..., admin only), shared by the `progression`
 * Lambda and the frontend. docs/progression.md describes the flow; errors are codes (shared/contracts/error-codes.ts).
 * Request schemas are strict (unknown keys refused); responses are plain types.
 */

/** `''`, whitespace or null from a cleared input means "none". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

// ---------------------------------------------------------------- requests

/** PUT .../assignments: `classId` null clears an assignment. Only classes hosting the new level are accepted. */
export const AssignmentsRequestSchema = z.strictObject({
  assignments: z
    .array(z.strictObject({ studentId: IdSchema, classId: IdSchema.nullable() }))
    .min(1)
    .max(500),
});
export type AssignmentsRequest = z.input<typeof AssignmentsRequestSchema>;

/** PUT .../departures: select (`departing: true`, optional reason) or unselect students. */
export const DeparturesRequestSchema = z.strictObject({
  departures: z
    .array(
      z.strictObject({
        studentId: IdSchema,
        departing: z.boolean(),
        reason: z.preprocess(blankToUndefined, DepartureReasonSchema.optional()),
      }),
    )
    .min(1)
    .max(500),
});
export type DeparturesRequest = z.input<typeof DeparturesRequestSchema>;

/** PUT .../parent-decisions: `default` drops the admin's override. */
export const ParentDecisionsRequestSchema = z.strictObject({
  decisions: z
    .array(z.strictObject({ parentId: IdSchema, status: z.enum(['remove', 'keep', 'default']) }))
    .min(1)
    .max(500),
});
export type ParentDecisionsRequest = z.input<typeof ParentDecisionsRequestSchema>;

/**
 * A new parent typed in the new-student form. Email optional (without one the parent cannot sign up);
 * phone and postal code typed freely and normalised; `nameOnly` participation drops contact details.
 */
export const NewParentInputSchema = z.strictObject({
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  email: z.preprocess(blankToUndefined, EmailSchema.optional()),
  phone: z.preprocess(blankToUndefined, PhoneInputSchema.optional()),
  address: z.preprocess(blankToUndefined, AddressInputSchema.optional()),
  interests: InterestsSchema.default([]),
  skills: z.string().trim().max(1000).default(''),
  /** Absent: no choice on file, the parent starts private (shared/rules/visibility.ts PRIVATE_BY_DEFAULT). */
  participation: ParticipationSchema.optional(),
  audiences: FieldAudiencesSchema.optional(),
  preferredLanguage: LanguageSchema.default('fr'),
});
export type NewParentInput = z.input<typeof NewParentInputSchema>;

/**
 * A parent of a new student: `existing` names a directory parent, or a new parent already staged with another
 * new student (by the `parentId` the server gave it: siblings arriving together share parents). `new` creates
 * one; send back its `parentId` when editing so it keeps its id.
 */
export const NewStudentParentInputSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('existing'), parentId: IdSchema }),
  z.strictObject({ mode: z.literal('new'), parentId: IdSchema.optional(), parent: NewParentInputSchema }),
]);

/** POST .../new-students and PUT .../new-students/{newStudentId}. `level` is next year's level. */
export const NewStudentRequestSchema = z.strictObject({
  student: z.strictObject({
    firstName: PersonNameSchema,
    lastName: PersonNameSchema,
    level: LevelCodeSchema,
    classId: IdSchema,
  }),
  parent1: NewStudentParentInputSchema,
  parent2: z.preprocess(blankToUndefined, NewStudentParentInputSchema.optional()),
});
export type NewStudentRequest = z.input<typeof NewStudentRequestSchema>;

/** POST .../parent-lookup: who already uses this email (a POST so the email stays out of URLs and logs). */
export const ParentLookupRequestSchema = z.strictObject({ email: EmailSchema });

/** POST .../apply: the admin typed the confirmation word (docs/product-rules.md, Confirmations). */
export const ApplyRequestSchema = z.strictObject({ confirm: z.literal('confirm') });

// ---------------------------------------------------------------- responses

export type { ProgressionCounts };

export type ApplyStage = 'prepare' | 'steps' | 'done';

export interface ApplyProgress {
  stage: ApplyStage;
  totalSteps: number;
  doneSteps: number;
  /** 0-100, for the progress bar. */
  percent: number;
  startedAt: string;
  finishedAt?: string;
  backup?: BackupManifest;
}

export interface ProgressionSummary {
  id: string;
  fromYear: string;
  toYear: string;
  phase: ProgressionPhase;
  createdAt: string;
  appliedAt?: string;
  counts: ProgressionCounts;
  apply?: ApplyProgress;
}

/** GET /api/admin/progression: the latest progression (dashboard card), null when none was ever started. */
export interface CurrentProgressionResponse {
  schoolYear: string;
  progression: ProgressionSummary | null;
  /**
   * The annual update campaign open now, if any: the apply is refused until it is closed (409 CAMPAIGN_ACTIVE,
   * docs/progression.md), so the page says so before the administrator starts.
   */
  openCampaign?: { id: string; schoolYear?: string };
}

export type BlockerCode = 'ANALYSIS_STALE' | 'ASSIGNMENTS_MISSING' | 'DUPLICATE_EMAIL';

/** Something that stops the apply; `ids` are student, new-student or parent ids. */
export interface Blocker {
  code: BlockerCode;
  ids: string[];
}

export interface WorkspaceClass {
  id: string;
  code: string;
  name: string;
  levels: string[];
}

export interface WorkspaceStudent {
  studentId: string;
  firstName: string;
  lastName: string;
  currentLevel: string;
  currentClassId: string;
  newLevel?: string;
  outcome: StudentOutcome;
  /** Classes hosting the new level: the only valid assignments. */
  candidateClassIds: string[];
  assignedClassId?: string;
  /** Where the student will be: the assignment, else the kept class; absent when missing or leaving. */
  targetClassId?: string;
  departing?: { reason?: string };
  parentIds: string[];
}

export interface WorkspaceParentDecision {
  parentId: string;
  firstName: string;
  lastName: string;
  hasEmail: boolean;
  status: ParentStatus;
  defaultStatus: ParentStatus;
  overridden: boolean;
  lockedByNewStudent: boolean;
  leavingChildIds: string[];
  remainingChildIds: string[];
  newStudentIds: string[];
}

export type WorkspaceNewStudent = Omit<StagedNewStudent, 'progressionId'>;

/** GET /api/admin/progression/{id}: everything the wizard shows, after every staging call too. */
export interface ProgressionWorkspace {
  progression: ProgressionSummary;
  levels: Level[];
  graduatingLevel: string;
  classes: WorkspaceClass[];
  students: WorkspaceStudent[];
  parentDecisions: WorkspaceParentDecision[];
  newStudents: WorkspaceNewStudent[];
  blockers: Blocker[];
}

export interface ReviewName {
  firstName: string;
  lastName: string;
}

/** GET /api/admin/progression/{id}/review: the complete set of changes the apply will make. */
export interface ProgressionReview {
  progression: ProgressionSummary;
  ready: boolean;
  blockers: Blocker[];
  moves: (ReviewName & {
    studentId: string;
    fromLevel: string;
    toLevel: string;
    fromClassId: string;
    toClassId: string;
    changesClass: boolean;
  })[];
  missingAssignments: (ReviewName & { studentId: string; newLevel?: string; candidateClassIds: string[] })[];
  arrivals: (ReviewName & {
    newStudentId: string;
    level: string;
    classId: string;
    parents: (ReviewName & { parentId: string; mode: 'existing' | 'new' })[];
  })[];
  departures: (ReviewName & { studentId: string; level: string; classId: string; reason?: string })[];
  graduations: (ReviewName & { studentId: string; level: string; classId: string })[];
  parentsRemoved: (ReviewName & { parentId: string; hasEmail: boolean; overridden: boolean })[];
  parentsKept: (ReviewName & { parentId: string; overridden: boolean; lockedByNewStudent: boolean })[];
  newParents: (ReviewName & { parentId: string; email?: string })[];
  classChanges: { classId: string; studentRepresentativesRemoved: string[]; parentRepresentativesRemoved: string[] }[];
  /** Staying students left with no parent once the removals are applied. */
  studentsWithoutParent: string[];
}

export interface ParentLookupMatch extends ReviewName {
  parentId: string;
  /** `directory`: an existing parent; `newStudent`: a new parent staged with another new student. */
  source: 'directory' | 'newStudent';
  newStudentId?: string;
}

export interface ParentLookupResponse {
  matches: ParentLookupMatch[];
}

/** POST .../apply, POST .../apply/continue, GET .../apply. */
export interface ApplyResponse {
  progression: ProgressionSummary;
  /** True once everything is applied: stop calling continue. */
  done: boolean;
}

/** GET .../backup: what the export holds; fetch each part and concatenate `items` to get the whole export. */
export interface BackupManifestResponse extends BackupManifest {
  progressionId: string;
  fromYear: string;
  format: 'school-directory-export';
  formatVersion: 1;
}

/** GET .../backup/{part}: raw table items (keys included), in table order. */
export interface BackupPartResponse {
  part: number;
  items: Record<string, unknown>[];
}
