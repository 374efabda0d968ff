import * as z from 'zod';
import {
  ApplyRequestSchema,
  AssignmentsRequestSchema,
  DeparturesRequestSchema,
  NewStudentRequestSchema,
  ParentDecisionsRequestSchema,
  ParentLookupRequestSchema,
  type ApplyResponse,
  type BackupPartResponse,
} from '@shared/contracts/progression-api';
import type { ApiErrorBody } from '@shared/contracts/error-codes';
import { IdSchema } from '@shared/schemas/common';
import { writeAudit } from '../common/audit';
import { AppError } from '../common/errors';
import { createHandler, parseWith, type ApiRequest, type ApiResult, type SignedInRequest } from '../common/http';
import { registryAccess } from '../registry/public';
import { ApplyLockedError, runApply } from './apply-service';
import { applyStatus, backupManifest, backupPart } from './backup-service';
import { deleteNewStudent, lookupParent, saveNewStudent } from './new-student-service';
import {
  cancel,
  currentProgression,
  getReview,
  getWorkspace,
  runAnalysis,
  setAssignments,
  setDepartures,
  setParentDecisions,
  startProgression,
} from './staging-service';
import { summarize } from './views';

/** School progression (admin only; docs/progression.md). createHandler has already checked for an administrator role active today. */

/** A path id that is not a ULID names nothing: 404, not a validation error. */
function pathId(request: ApiRequest, name: 'progressionId' | 'newStudentId'): string {
  const parsed = IdSchema.safeParse(request.pathParameters[name]);
  if (!parsed.success) throw new AppError('NOT_FOUND');
  return parsed.data;
}

const ok = async (body: Promise<unknown>): Promise<ApiResult> => ({ body: await body });

/** One apply chunk; a held lock answers 409 with how long to wait. */
async function applyChunk(request: SignedInRequest, mode: 'start' | 'continue'): Promise<ApiResult> {
  try {
    const outcome = await runApply(pathId(request, 'progressionId'), request.caller.sub, mode);
    const body: ApplyResponse = { progression: summarize(outcome.progression), done: outcome.done };
    return { body };
  } catch (error) {
    if (!(error instanceof ApplyLockedError)) throw error;
    const body: ApiErrorBody = { error: { code: 'CONFLICT' } };
    return { status: 409, headers: { 'Retry-After': String(error.retryAfterSeconds) }, body };
  }
}

/** A backup part is a copy of the directory leaving the app: audited like an export (lambdas/admin/index.ts). */
async function backupPartAudited(request: SignedInRequest, part: number): Promise<BackupPartResponse> {
  const progressionId = pathId(request, 'progressionId');
  const body = await backupPart(progressionId, part);
  await writeAudit({
    at: new Date().toISOString(),
    actor: { kind: 'user', id: request.caller.sub },
    action: 'progression.backupDownload',
    target: { type: 'PROGRESSION', id: progressionId },
    count: body.items.length,
  });
  return body;
}

export const handler = createHandler({
  registry: registryAccess,
  routes: {
    'GET /api/admin/progression': () => ok(currentProgression()),
    'POST /api/admin/progression': async ({ caller }) => ({ status: 201, body: await startProgression(caller.sub) }),
    'GET /api/admin/progression/{progressionId}': (r) => ok(getWorkspace(pathId(r, 'progressionId'))),
    'POST /api/admin/progression/{progressionId}/analysis': (r) => ok(runAnalysis(pathId(r, 'progressionId'))),
    'PUT /api/admin/progression/{progressionId}/assignments': (r) =>
      ok(setAssignments(pathId(r, 'progressionId'), parseWith(AssignmentsRequestSchema, r.body))),
    'PUT /api/admin/progression/{progressionId}/departures': (r) =>
      ok(setDepartures(pathId(r, 'progressionId'), parseWith(DeparturesRequestSchema, r.body))),
    'PUT /api/admin/progression/{progressionId}/parent-decisions': (r) =>
      ok(setParentDecisions(pathId(r, 'progressionId'), parseWith(ParentDecisionsRequestSchema, r.body))),
    'POST /api/admin/progression/{progressionId}/new-students': async (r) => ({
      status: 201,
      body: await saveNewStudent(pathId(r, 'progressionId'), undefined, parseWith(NewStudentRequestSchema, r.body)),
    }),
    'PUT /api/admin/progression/{progressionId}/new-students/{newStudentId}': (r) =>
      ok(saveNewStudent(pathId(r, 'progressionId'), pathId(r, 'newStudentId'), parseWith(NewStudentRequestSchema, r.body))),
    'DELETE /api/admin/progression/{progressionId}/new-students/{newStudentId}': (r) =>
      ok(deleteNewStudent(pathId(r, 'progressionId'), pathId(r, 'newStudentId'))),
    'POST /api/admin/progression/{progressionId}/parent-lookup': (r) =>
      ok(lookupParent(pathId(r, 'progressionId'), parseWith(ParentLookupRequestSchema, r.body).email)),
    'GET /api/admin/progression/{progressionId}/review': (r) => ok(getReview(pathId(r, 'progressionId'))),
    'GET /api/admin/progression/{progressionId}/apply': (r) => ok(applyStatus(pathId(r, 'progressionId'))),
    'POST /api/admin/progression/{progressionId}/apply': (r) => {
      parseWith(ApplyRequestSchema, r.body);
      return applyChunk(r, 'start');
    },
    'POST /api/admin/progression/{progressionId}/apply/continue': (r) => applyChunk(r, 'continue'),
    'POST /api/admin/progression/{progressionId}/cancel': (r) => ok(cancel(pathId(r, 'progressionId'))),
    'GET /api/admin/progression/{progressionId}/backup': (r) => ok(backupManifest(pathId(r, 'progressionId'))),
    'GET /api/admin/progression/{progressionId}/backup/{part}': (r) => {
      const part = z.coerce.number().int().min(0).safeParse(r.pathParameters.part);
      if (!part.success) throw new AppError('NOT_FOUND');
      return ok(backupPartAudited(r, part.data));
    },
  },
});
