import { ulid } from 'ulid';
import { removeAccountsByEmail } from '../common/cognito';
import { documentClient } from '../common/dynamo';
import { getCampaignLock } from '../annual-update/public';
import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import type { Blocker } from '@shared/contracts/progression-api';
import type { Progression } from '@shared/schemas/progression';
import {
  acquireLock,
  advanceCursor,
  backupPartItem,
  finishPrepare,
  readSteps,
  releaseLock,
  stepItem,
  writeItems,
} from './apply-repository';
import { backupParts } from './backup';
import { stableUlid, type Db } from './db';
import { blockers, buildModel, liveCounts } from './model';
import { buildPlan, type PlanStep } from './plan';
import { getProgression, readStaging, setPhase } from './progression-repository';
import { readSnapshot } from './snapshot';
import { executeSteps, type AccountRemover, type StepContext } from './step-executor';

/**
 * Applying a progression (docs/progression.md "Apply"): a persisted plan of small idempotent steps with a
 * cursor, run in bounded chunks, one chunk per request, under a lock with a lease.
 *
 * 1. start (review -> applying): the header records the stamp and who confirmed; nothing else changes yet.
 * 2. prepare: a consistent read of the directory; the backup parts and the plan steps are written (both with
 *    deterministic keys, so a re-run rewrites them identically), then the header moves to `steps`. Staging is
 *    frozen since step 1, and no directory change has happened, so redoing this stage after a crash is safe.
 *    If the staging no longer holds (blockers), the progression goes back to review and the apply is refused.
 * 3. steps: windows of steps of one kind run in parallel; each step marks itself done in the same transaction
 *    as its change; the cursor moves after a window. A crash leaves the cursor behind the work done: the next
 *    run replays those steps, which find their mark and do nothing.
 * 4. The last step (finish) moves the school year in the settings, completes the progression, frees the
 *    open-progression lock.
 */

export interface ApplyOptions {
  /** All reads and writes of the apply go through this client (tests pass one that fails on purpose). */
  db?: Db;
  accounts?: AccountRemover;
  now?: () => Date;
  /** Lock owner: a fresh id per request. */
  owner?: string;
  /** How long the lock protects a chunk; a killed run blocks the next one this long at most. */
  leaseSeconds?: number;
  /**
   * A chunk ends within this long (well inside API Gateway's 29 s, the function's timeout): it starts a window only
   * if the longest window it ran so far would still end in time, and ends after the prepare stage once that took
   * half of it.
   */
  budgetMs?: number;
  /** A chunk runs at most this many steps. */
  maxSteps?: number;
  /** Steps in one window at most (all of one kind), and how many of them run at once. */
  windowSize?: number;
  /** The first window of a kind in a request: its time per step sizes the next ones (windowLimits). */
  firstWindow?: number;
  concurrency?: number;
}

/**
 * Windows of up to 100 steps, their reads 16 at once and their writes packed into shared transactions
 * (docs/benchmarks.md, "Speed, second pass"): each window costs a read of its steps and a cursor write besides its
 * steps, so fewer, wider windows spend more of a request on the steps. A request's first window of a kind takes
 * 25 steps, then windows are sized by the time per step seen, so no request runs much past its budget.
 */
export const APPLY_DEFAULTS = { leaseSeconds: 60, budgetMs: 6_000, maxSteps: 1_000, windowSize: 100, firstWindow: 25, concurrency: 16 };

/** The apply lock is held by another request: 409 CONFLICT, with how long to wait. */
export class ApplyLockedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('CONFLICT');
  }
}

const BLOCKER_FIELDS: Record<Blocker['code'], [string, string]> = {
  ANALYSIS_STALE: ['', 'stale'],
  ASSIGNMENTS_MISSING: ['students.', 'missing_assignment'],
  DUPLICATE_EMAIL: ['parents.', 'duplicate_email'],
};

/** The first blocker as an error whose fields list every id it concerns. */
export function blockerError(blocker: Blocker): AppError {
  const [prefix, issue] = BLOCKER_FIELDS[blocker.code];
  return new AppError(blocker.code, blocker.ids.map((id) => ({ path: `${prefix}${id}`, issue })));
}

interface Deps extends Required<Omit<ApplyOptions, 'db' | 'accounts'>> {
  db: Db;
  accounts: AccountRemover;
}

function resolve(options: ApplyOptions): Deps {
  return {
    ...APPLY_DEFAULTS,
    now: () => new Date(),
    owner: ulid(),
    ...options,
    db: options.db ?? documentClient(),
    accounts: options.accounts ?? { removeAccountsByEmail: (email) => removeAccountsByEmail(email) },
  };
}

async function load(deps: Deps, id: string): Promise<Progression> {
  const progression = await getProgression(deps.db, id);
  if (!progression) throw new AppError('NOT_FOUND');
  return progression;
}

async function prepare(deps: Deps, progression: Progression): Promise<void> {
  const apply = progression.apply!;
  const [{ items, snapshot }, staging] = await Promise.all([readSnapshot(deps.db), readStaging(deps.db, progression.id)]);
  const model = buildModel(snapshot, staging);
  const found = blockers(model);
  if (found.length > 0) {
    await setPhase(deps.db, progression.id, 'applying', 'review', deps.now(), { apply: undefined });
    throw blockerError(found[0]!);
  }
  const backup = backupParts(items);
  await writeItems(deps.db, backup.parts.map((data, part) => backupPartItem(progression.id, part, data, backup.counts[part]!)));
  const plan = buildPlan(model, { stamp: apply.stamp, fromYear: progression.fromYear, toYear: progression.toYear });
  await writeItems(deps.db, plan.map((step, index) => stepItem(progression.id, index, step, stableUlid(apply.stamp, `${progression.id}:${index}`))));
  await finishPrepare(
    deps.db,
    progression,
    plan.length,
    { parts: backup.parts.length, items: items.length, bytes: backup.bytes, takenAt: deps.now().toISOString() },
    liveCounts(model),
    {
      id: stableUlid(apply.stamp, `${progression.id}:prepare`),
      at: apply.stamp,
      actor: { kind: 'user', id: apply.startedBy },
      action: 'progression.backup',
      target: { type: 'PROGRESSION', id: progression.id },
      count: items.length,
    },
    deps.now(),
  );
  logger.info('progression prepared', { progressionId: progression.id, steps: plan.length, backupParts: backup.parts.length });
}

/**
 * Runs the next window of steps (at most `limitFor(kind)` of them, all of one kind); returns how many steps it
 * covered and the header as it is after them (moved forward in memory when this run moved the cursor, read again
 * otherwise).
 */
async function runWindow(
  deps: Deps,
  progression: Progression,
  limitFor: (kind: PlanStep['kind']) => number,
): Promise<{ ran: number; progression: Progression; kind?: PlanStep['kind'] }> {
  const apply = progression.apply!;
  const from = apply.cursor;
  const count = Math.min(deps.windowSize, apply.totalSteps - from);
  if (count <= 0) return { ran: 0, progression };
  const stored = await readSteps(deps.db, progression.id, from, count);
  const kind = stored[0]?.step.kind;
  const sameKind = stored.findIndex((s) => s.step.kind !== kind);
  const window = (sameKind < 0 ? stored : stored.slice(0, sameKind)).slice(0, kind ? limitFor(kind) : 0);
  if (kind && window.length === 0) return { ran: 0, progression };
  if (window.length === 0 || window.some((s, i) => s.index !== from + i)) {
    throw new Error(`progression ${progression.id}: plan step ${from} is missing`);
  }
  const ctx: StepContext = { db: deps.db, accounts: deps.accounts, progression, now: deps.now };
  await executeSteps(ctx, window, deps.concurrency);
  const to = from + window.length;
  // The finish step completes the header itself (cursor included): read it again.
  const moved = kind !== 'finish' && (await advanceCursor(deps.db, progression.id, from, to, deps.now()));
  const next = moved ? { ...progression, apply: { ...apply, cursor: to } } : await load(deps, progression.id);
  return { ran: window.length, progression: next, kind };
}

/**
 * An update campaign is open (its lock is held from start to close): applying now would remove parents whose
 * links are out, so the apply waits until the campaign is closed (docs/progression.md).
 */
async function refuseDuringCampaign(db: Db): Promise<void> {
  if (await getCampaignLock(db)) throw new AppError('CAMPAIGN_ACTIVE');
}

/**
 * How many steps of a kind the next window may take so that it ends within what is left of the budget: the
 * slowest time per step this request has seen for that kind, with a margin; `firstWindow` for a kind it has not
 * run yet, and only while a quarter of the budget is left, else the request ends there (steps of different kinds
 * cost very different times: a move is one write in a shared transaction, an account removal three Cognito calls).
 */
function windowLimits(deps: Deps, started: number, steps: number, perStep: Map<string, number>) {
  return (kind: PlanStep['kind']) => {
    const left = deps.budgetMs - (Date.now() - started);
    const rate = perStep.get(kind);
    // A kind not seen yet has no rate to size by: its first window starts only while a quarter of the budget is left.
    const firstFits = left >= deps.budgetMs / 4 ? deps.firstWindow : 0;
    const fits = rate === undefined ? firstFits : Math.floor((left * 0.8) / rate);
    return Math.max(0, Math.min(fits, deps.maxSteps - steps));
  };
}

/**
 * The work of one request: the prepare stage, then windows of steps sized to end within the budget (no request
 * runs much past it: progress is shown after each), at most maxSteps steps.
 */
async function runChunk(deps: Deps, start: Progression): Promise<Progression> {
  const started = Date.now();
  let progression = start;
  let steps = 0;
  const perStep = new Map<string, number>();
  if (progression.phase === 'applying' && progression.apply!.stage === 'prepare') {
    await prepare(deps, progression);
    progression = await load(deps, progression.id);
    if (Date.now() - started > deps.budgetMs / 2) return progression;
  }
  while (progression.phase === 'applying' && Date.now() - started < deps.budgetMs && steps < deps.maxSteps) {
    const windowStart = Date.now();
    const outcome = await runWindow(deps, progression, windowLimits(deps, started, steps, perStep));
    progression = outcome.progression;
    if (outcome.ran === 0) break;
    steps += outcome.ran;
    const kind = outcome.kind!;
    perStep.set(kind, Math.max(perStep.get(kind) ?? 0, (Date.now() - windowStart) / outcome.ran));
  }
  return progression;
}

export interface ApplyOutcome {
  progression: Progression;
  done: boolean;
}

/**
 * One chunk of an apply. `start` confirms an apply (the progression must be in review, or already applying, in
 * which case it resumes); `continue` only resumes. ApplyLockedError when another request holds the lock.
 */
export async function runApply(id: string, actor: string, mode: 'start' | 'continue', options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const deps = resolve(options);
  const retryAfter = await acquireLock(deps.db, deps.owner, deps.now(), deps.leaseSeconds);
  if (retryAfter !== undefined) throw new ApplyLockedError(retryAfter);
  try {
    let progression = await load(deps, id);
    if (mode === 'start' && progression.phase === 'review') {
      await refuseDuringCampaign(deps.db);
      const apply = { stage: 'prepare', stamp: deps.now().toISOString(), startedBy: actor, totalSteps: 0, cursor: 0 };
      await setPhase(deps.db, id, 'review', 'applying', deps.now(), { apply });
      progression = await load(deps, id);
      logger.info('progression apply started', { progressionId: id });
    }
    if (progression.phase !== 'applying' && progression.phase !== 'completed') throw new AppError('WRONG_PHASE');
    progression = await runChunk(deps, progression);
    return { progression, done: progression.phase === 'completed' };
  } finally {
    // A failed release (or a killed process) leaves the lock to expire with its lease.
    await releaseLock(deps.db, deps.owner).catch((error: unknown) =>
      logger.warn('progression lock not released', { errorName: (error as Error).name }),
    );
  }
}
