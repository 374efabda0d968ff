import { ulid } from 'ulid';
import type { Db } from './db';
import type { z } from 'zod';
import { getCampaign, getCampaignLock } from '../annual-update/public';
import { AppError } from '../common/errors';
import { keys } from '../common/keys';
import { logger } from '../common/logger';
import type {
  AssignmentsRequestSchema,
  CurrentProgressionResponse,
  DeparturesRequestSchema,
  ParentDecisionsRequestSchema,
  ProgressionReview,
  ProgressionWorkspace,
} from '@shared/contracts/progression-api';
import type { Progression } from '@shared/schemas/progression';
import { analyseSchool, countAnalysis, hostsLevel, mergeAnalysis } from './analysis';
import {
  cancelProgression,
  createProgression,
  decisionItem,
  deleteItem,
  latestProgression,
  putItem,
  readStaging,
  setPhase,
  stagingWrite,
  updateStagedStudentField,
  writeAnalysisRows,
} from './progression-repository';
import { ctxOf, invalid, load, loadModel, nextSchoolYear, OPEN_PHASES, workspace, type ServiceOptions } from './service-context';
import { readSettings, readSnapshot } from './snapshot';
import { reviewView, summarize } from './views';

/**
 * Everything before the apply (docs/progression.md): start and analyse, stage choices, review. Each staging
 * call validates against the directory as it is now and answers with the whole workspace, so the wizard
 * always shows what the server holds.
 */

/** The latest progression for the dashboard card, with live counts while it is open. */
export async function currentProgression(options: ServiceOptions = {}): Promise<CurrentProgressionResponse> {
  const ctx = ctxOf(options);
  const settings = await readSettings(ctx.db);
  const [latest, openCampaign] = await Promise.all([latestProgression(ctx.db), openCampaignOf(ctx.db)]);
  const campaign = openCampaign ? { openCampaign } : {};
  if (!latest) return { schoolYear: settings.schoolYear, progression: null, ...campaign };
  const model = OPEN_PHASES.has(latest.phase) ? await loadModel(ctx, latest.id) : undefined;
  return { schoolYear: settings.schoolYear, progression: summarize(latest, model), ...campaign };
}

/** The update campaign holding its lock (open from start to close), named by its school year when found. */
async function openCampaignOf(db: Db): Promise<CurrentProgressionResponse['openCampaign']> {
  const lock = await getCampaignLock(db);
  if (!lock) return undefined;
  const campaign = await getCampaign(lock.owner).catch(() => undefined);
  return { id: lock.owner, ...(campaign ? { schoolYear: campaign.schoolYear } : {}) };
}

/** Starts the progression of the current school year and analyses every student. CONFLICT if one is open. */
export async function startProgression(actor: string, options: ServiceOptions = {}): Promise<ProgressionWorkspace> {
  const ctx = ctxOf(options);
  const [settings, latest] = await Promise.all([readSettings(ctx.db), latestProgression(ctx.db)]);
  // The year a progression already moved the school to, or a later one: never moved up twice (docs/progression.md).
  const done = [settings.progressedTo, latest?.phase === 'completed' ? latest.toYear : undefined];
  if (done.some((year) => year !== undefined && year > settings.schoolYear)) throw new AppError('PROGRESSION_YEAR_DONE');
  const now = ctx.now();
  const progression: Progression = {
    id: ulid(now.getTime()),
    fromYear: settings.schoolYear,
    toYear: nextSchoolYear(settings.schoolYear),
    phase: 'analysis',
    totalStudents: 0,
    autoProgression: 0,
    needsAssignment: 0,
    graduating: 0,
    newStudents: 0,
    departing: 0,
    createdBy: actor,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    version: 1,
  };
  await createProgression(ctx.db, progression, now);
  logger.info('progression started', { progressionId: progression.id });
  return runAnalysis(progression.id, options);
}

/**
 * (Re)runs the analysis: rows for every current student, keeping admin choices that still hold; rows of
 * students who left the directory are dropped. Allowed while the progression is open.
 */
export async function runAnalysis(id: string, options: ServiceOptions = {}): Promise<ProgressionWorkspace> {
  const ctx = ctxOf(options);
  const progression = await load(ctx, id, ['analysis', 'review']);
  const [{ snapshot }, staging] = await Promise.all([readSnapshot(ctx.db), readStaging(ctx.db, id)]);
  const fresh = analyseSchool(snapshot);
  const classesById = new Map(snapshot.classes.map((c) => [c.id, c]));
  const { put, remove } = mergeAnalysis(id, staging.students, fresh, classesById);
  await writeAnalysisRows(ctx.db, id, put, remove);
  const moved = await setPhase(ctx.db, id, progression.phase, 'review', ctx.now(), { ...countAnalysis(fresh) });
  if (!moved) throw new AppError('WRONG_PHASE');
  logger.info('progression analysed', { progressionId: id, written: put.length, removed: remove.length });
  return workspace(ctx, id, snapshot);
}

export async function getWorkspace(id: string, options: ServiceOptions = {}): Promise<ProgressionWorkspace> {
  return workspace(ctxOf(options), id);
}

export async function getReview(id: string, options: ServiceOptions = {}): Promise<ProgressionReview> {
  const ctx = ctxOf(options);
  const progression = await load(ctx, id, ['review']);
  return reviewView(progression, await loadModel(ctx, id));
}

/** Class assignments: only classes hosting the student's new level (400 otherwise); null clears. */
export async function setAssignments(
  id: string,
  request: z.output<typeof AssignmentsRequestSchema>,
  options: ServiceOptions = {},
): Promise<ProgressionWorkspace> {
  const ctx = ctxOf(options);
  await load(ctx, id, ['review']);
  const model = await loadModel(ctx, id);
  const errors: { path: string; issue: string }[] = [];
  request.assignments.forEach(({ studentId, classId }, i) => {
    const row = model.rowsById.get(studentId);
    if (!row) errors.push({ path: `assignments.${i}.studentId`, issue: 'unknown_student' });
    else if (row.outcome === 'graduates') errors.push({ path: `assignments.${i}.studentId`, issue: 'graduating' });
    else if (classId !== null && !hostsLevel(model.classesById, classId, row.newLevel)) {
      errors.push({ path: `assignments.${i}.classId`, issue: 'class_does_not_host_level' });
    }
  });
  if (errors.length > 0) throw invalid(errors.slice(0, 20));
  await stagingWrite(
    ctx.db,
    id,
    request.assignments.map(({ studentId, classId }) => updateStagedStudentField(id, studentId, 'assignedClassId', classId ?? undefined)),
  );
  return workspace(ctx, id, model.snapshot);
}

/** Departing students, each with an optional reason. A graduate cannot also depart. */
export async function setDepartures(
  id: string,
  request: z.output<typeof DeparturesRequestSchema>,
  options: ServiceOptions = {},
): Promise<ProgressionWorkspace> {
  const ctx = ctxOf(options);
  await load(ctx, id, ['review']);
  const staging = await readStaging(ctx.db, id);
  const rows = new Map(staging.students.map((row) => [row.studentId, row]));
  const errors: { path: string; issue: string }[] = [];
  request.departures.forEach(({ studentId, departing }, i) => {
    const row = rows.get(studentId);
    if (!row) errors.push({ path: `departures.${i}.studentId`, issue: 'unknown_student' });
    else if (departing && row.outcome === 'graduates') errors.push({ path: `departures.${i}.studentId`, issue: 'graduating' });
  });
  if (errors.length > 0) throw invalid(errors.slice(0, 20));
  await stagingWrite(
    ctx.db,
    id,
    request.departures.map(({ studentId, departing, reason }) =>
      updateStagedStudentField(id, studentId, 'departing', departing ? (reason ? { reason } : {}) : undefined),
    ),
  );
  return workspace(ctx, id);
}

/** Overrides of the remove/keep default for parents of leaving students; `default` drops an override. */
export async function setParentDecisions(
  id: string,
  request: z.output<typeof ParentDecisionsRequestSchema>,
  options: ServiceOptions = {},
): Promise<ProgressionWorkspace> {
  const ctx = ctxOf(options);
  await load(ctx, id, ['review']);
  const model = await loadModel(ctx, id);
  const candidates = new Map(model.decisions.map((d) => [d.parentId, d]));
  const errors: { path: string; issue: string }[] = [];
  request.decisions.forEach(({ parentId, status }, i) => {
    const candidate = candidates.get(parentId);
    if (!candidate) errors.push({ path: `decisions.${i}.parentId`, issue: 'not_a_candidate' });
    else if (status === 'remove' && candidate.lockedByNewStudent) {
      errors.push({ path: `decisions.${i}.status`, issue: 'needed_by_new_student' });
    }
  });
  if (errors.length > 0) throw invalid(errors.slice(0, 20));
  await stagingWrite(
    ctx.db,
    id,
    request.decisions.map(({ parentId, status }) =>
      status === 'default'
        ? deleteItem(keys.stagedParentDecision(id, parentId))
        : putItem(decisionItem({ progressionId: id, parentId, status })),
    ),
  );
  return workspace(ctx, id, model.snapshot);
}

/** Abandons an open progression (nothing was applied); a new one may then be started. */
export async function cancel(id: string, options: ServiceOptions = {}): Promise<CurrentProgressionResponse> {
  const ctx = ctxOf(options);
  await load(ctx, id);
  if (!(await cancelProgression(ctx.db, id, ctx.now()))) throw new AppError('WRONG_PHASE');
  logger.info('progression cancelled', { progressionId: id });
  return currentProgression(options);
}
