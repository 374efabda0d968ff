import * as z from 'zod';
import type {
  ApplyProgress,
  ApplyResponse,
  BackupManifestResponse,
  BackupPartResponse,
  Blocker,
  CurrentProgressionResponse,
  ParentLookupResponse,
  ProgressionReview,
  ProgressionSummary,
  ProgressionWorkspace,
} from './progression-api';
import { LevelSchema } from '../schemas/common';
import {
  APPLY_STAGES,
  BackupManifestSchema,
  ParentStatusSchema,
  ProgressionCountsSchema,
  ProgressionPhaseSchema,
  StagedNewStudentSchema,
  StudentOutcomeSchema,
} from '../schemas/progression';

/**
 * Schemas of the progression API's answers (shared/contracts/progression-api.ts declares them as types), so the frontend
 * checks what it receives instead of trusting it. Each is typed against its interface: a field added to one
 * and not the other fails the typecheck.
 */

const ApplyProgressSchema: z.ZodType<ApplyProgress> = z.object({
  stage: z.enum(APPLY_STAGES),
  totalSteps: z.number(),
  doneSteps: z.number(),
  percent: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  backup: BackupManifestSchema.optional(),
});

const ProgressionSummarySchema: z.ZodType<ProgressionSummary> = z.object({
  id: z.string(),
  fromYear: z.string(),
  toYear: z.string(),
  phase: ProgressionPhaseSchema,
  createdAt: z.string(),
  appliedAt: z.string().optional(),
  counts: ProgressionCountsSchema,
  apply: ApplyProgressSchema.optional(),
});

export const CurrentProgressionResponseSchema: z.ZodType<CurrentProgressionResponse> = z.object({
  schoolYear: z.string(),
  progression: ProgressionSummarySchema.nullable(),
  openCampaign: z.object({ id: z.string(), schoolYear: z.string().optional() }).optional(),
});

const BlockerSchema: z.ZodType<Blocker> = z.object({
  code: z.enum(['ANALYSIS_STALE', 'ASSIGNMENTS_MISSING', 'DUPLICATE_EMAIL']),
  ids: z.array(z.string()),
});

export const ProgressionWorkspaceSchema: z.ZodType<ProgressionWorkspace> = z.object({
  progression: ProgressionSummarySchema,
  levels: z.array(LevelSchema),
  graduatingLevel: z.string(),
  classes: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), levels: z.array(z.string()) })),
  students: z.array(
    z.object({
      studentId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      currentLevel: z.string(),
      currentClassId: z.string(),
      newLevel: z.string().optional(),
      outcome: StudentOutcomeSchema,
      candidateClassIds: z.array(z.string()),
      assignedClassId: z.string().optional(),
      targetClassId: z.string().optional(),
      departing: z.object({ reason: z.string().optional() }).optional(),
      parentIds: z.array(z.string()),
    }),
  ),
  parentDecisions: z.array(
    z.object({
      parentId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      hasEmail: z.boolean(),
      status: ParentStatusSchema,
      defaultStatus: ParentStatusSchema,
      overridden: z.boolean(),
      lockedByNewStudent: z.boolean(),
      leavingChildIds: z.array(z.string()),
      remainingChildIds: z.array(z.string()),
      newStudentIds: z.array(z.string()),
    }),
  ),
  newStudents: z.array(StagedNewStudentSchema.omit({ progressionId: true })),
  blockers: z.array(BlockerSchema),
});

const name = { firstName: z.string(), lastName: z.string() };

export const ProgressionReviewSchema: z.ZodType<ProgressionReview> = z.object({
  progression: ProgressionSummarySchema,
  ready: z.boolean(),
  blockers: z.array(BlockerSchema),
  moves: z.array(
    z.object({
      ...name,
      studentId: z.string(),
      fromLevel: z.string(),
      toLevel: z.string(),
      fromClassId: z.string(),
      toClassId: z.string(),
      changesClass: z.boolean(),
    }),
  ),
  missingAssignments: z.array(
    z.object({ ...name, studentId: z.string(), newLevel: z.string().optional(), candidateClassIds: z.array(z.string()) }),
  ),
  arrivals: z.array(
    z.object({
      ...name,
      newStudentId: z.string(),
      level: z.string(),
      classId: z.string(),
      parents: z.array(z.object({ ...name, parentId: z.string(), mode: z.enum(['existing', 'new']) })),
    }),
  ),
  departures: z.array(
    z.object({ ...name, studentId: z.string(), level: z.string(), classId: z.string(), reason: z.string().optional() }),
  ),
  graduations: z.array(z.object({ ...name, studentId: z.string(), level: z.string(), classId: z.string() })),
  parentsRemoved: z.array(z.object({ ...name, parentId: z.string(), hasEmail: z.boolean(), overridden: z.boolean() })),
  parentsKept: z.array(
    z.object({ ...name, parentId: z.string(), overridden: z.boolean(), lockedByNewStudent: z.boolean() }),
  ),
  newParents: z.array(z.object({ ...name, parentId: z.string(), email: z.string().optional() })),
  classChanges: z.array(
    z.object({
      classId: z.string(),
      studentRepresentativesRemoved: z.array(z.string()),
      parentRepresentativesRemoved: z.array(z.string()),
    }),
  ),
  studentsWithoutParent: z.array(z.string()),
});

export const ParentLookupResponseSchema: z.ZodType<ParentLookupResponse> = z.object({
  matches: z.array(
    z.object({
      ...name,
      parentId: z.string(),
      source: z.enum(['directory', 'newStudent']),
      newStudentId: z.string().optional(),
    }),
  ),
});

export const ApplyResponseSchema: z.ZodType<ApplyResponse> = z.object({
  progression: ProgressionSummarySchema,
  done: z.boolean(),
});

export const BackupManifestResponseSchema: z.ZodType<BackupManifestResponse> = BackupManifestSchema.extend({
  progressionId: z.string(),
  fromYear: z.string(),
  format: z.literal('school-directory-export'),
  formatVersion: z.literal(1),
});

export const BackupPartResponseSchema: z.ZodType<BackupPartResponse> = z.object({
  part: z.number(),
  items: z.array(z.record(z.string(), z.unknown())),
});
