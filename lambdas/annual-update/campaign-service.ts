import { ulid } from 'ulid';
import { writeAudit } from '../common/audit';
import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { passedReminders } from '@shared/rules/annual-update-reminders';
import { deadlineProblem, lastDeadlineDay } from '@shared/rules/campaign-deadline';
import { schoolDay } from '@shared/rules/school-calendar';
import { listEntities, readDirectory } from '../directory/public';
import type {
  CampaignView,
  CurrentCampaignResponse,
  ParticipantsResponse,
  RemindersUpdateRequest,
  StartCampaignRequest,
  StartCampaignResponse,
} from '@shared/contracts/annual-update-api';
import type { Campaign, Participant } from '@shared/schemas/annual-update';
import {
  acquireStartLease,
  activateCampaign,
  completeCampaign,
  createCampaign,
  currentCampaign,
  getCampaign,
  getCampaignLock,
  listParticipants,
  setReminderDays,
  writeParticipants,
  type ParticipantTotals,
} from './campaign-repository';
import { extendLinks, linkExpiry } from './link-extension';
import { staffParticipantPlan } from './staff-participants';
import { applyRecruitingCommittees, committeesToRecruit } from './campaign-committees';
import { sendJobProgress } from './send-job-service';
import { campaignView, participantViews } from './views';
import { listSuppressions } from '../common/suppression-repository';
import { getRetention } from '../directory/public';
import { listLetters } from './letter-code-repository';
import { listPendingChanges } from './review-repository';

/**
 * Campaign lifecycle (docs/product-rules.md, Annual update campaign): pending while its participants are written, active once they all exist,
 * completed when an administrator closes it. One campaign at a time (the lock), one per school year (the year
 * marker). A start that died half-way is finished by starting again with the same school year.
 */
export interface CampaignDeps {
  now: () => Date;
  /** How long a start may run before another request may take it over (epoch ms arithmetic). */
  leaseMs: number;
}

/** 30 s: the start runs in a Lambda that times out after 10 s (API Gateway gives up at 29 s). */
export const defaultCampaignDeps = (): CampaignDeps => ({ now: () => new Date(), leaseMs: 30_000 });

/**
 * The review screen follows the current campaign: once a new one starts, the previous one's held answers are out of
 * reach, and their parents' changes are lost unsaid (a trial's). Starting waits until they are decided.
 */
async function refuseWhileAnswersWait(): Promise<void> {
  const previous = await currentCampaign();
  if (!previous?.review) return;
  const waiting = (await listPendingChanges(previous.id)).length;
  if (waiting > 0) throw new AppError('REVIEW_PENDING', [{ path: 'campaign', issue: 'review_pending' }]);
}

export async function startCampaign(
  request: StartCampaignRequest,
  actorId: string,
  deps: CampaignDeps = defaultCampaignDeps(),
): Promise<StartCampaignResponse> {
  const now = deps.now();
  if (request.reminderDays?.length && !request.deadline) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'reminderDays', issue: 'needs_deadline' }]);
  }
  // Beyond the campaign's school year (a typed « 2127 »): its links would live as long. (A past day is the dialog's.)
  if (request.deadline && request.deadline > lastDeadlineDay(request.schoolYear)) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'deadline', issue: 'deadline_too_far' }]);
  }
  const committees = await committeesToRecruit(request.recruitingCommittees);
  const owner = ulid();
  let campaign: Campaign | undefined;
  if (!(await getCampaignLock())) {
    await refuseWhileAnswersWait();
    const fresh: Campaign = {
      id: ulid(now.getTime()),
      schoolYear: request.schoolYear,
      status: 'pending',
      totalParents: 0,
      emailsSent: 0,
      formsSubmitted: 0,
      optedOut: 0,
      unreachable: 0,
      ...(request.deadline ? { deadline: request.deadline } : {}),
      ...(request.reminderDays?.length ? { reminderDays: [...request.reminderDays].sort((a, b) => b - a) } : {}),
      ...(request.review ? { review: true } : {}),
      ...(request.includeStaff ? { includeStaff: true, totalStaff: 0, staffUnreachable: 0, staffEmailsSent: 0, staffSubmitted: 0 } : {}),
      createdBy: actorId,
      createdAt: now.toISOString(),
      version: 1,
      // The creating request holds the start lease from the first write: a concurrent start cannot join in.
      leaseOwner: owner,
      leaseUntil: now.getTime() + deps.leaseMs,
    };
    const outcome = await createCampaign(fresh, now);
    // The year's campaign exists (closed): starting again cannot help, reopening it can (docs/annual-update.md).
    if (outcome === 'yearTaken') throw new AppError('CAMPAIGN_EXISTS', [{ path: 'schoolYear', issue: 'campaign_exists' }]);
    if (outcome === 'created') campaign = fresh;
  }
  const resumed = campaign === undefined;
  campaign ??= await resumable(request, owner, deps);

  const totals = await writeMissingParticipants(campaign, resumed);
  // Before the activation: a start that fails here stays pending, and starting again finishes it (idempotent).
  if (committees) await applyRecruitingCommittees(committees, request.recruitingCommittees!, { kind: 'user', id: actorId }, deps.now());
  if (!(await activateCampaign(campaign.id, owner, totals, deps.now()))) {
    // The lease lapsed and another start took over, or the campaign was closed meanwhile.
    throw new AppError('CONFLICT', [{ path: 'campaign', issue: 'start_in_progress' }]);
  }
  await writeAudit({
    at: deps.now().toISOString(),
    actor: { kind: 'user', id: actorId },
    action: resumed ? 'campaign.resume' : 'campaign.start',
    target: { type: 'CAMPAIGN', id: campaign.id },
    count: totals.totalParents,
  });
  logger.info('campaign started', { campaignId: campaign.id, resumed, ...totals });
  return { campaign: campaignView((await getCampaign(campaign.id))!, schoolDay(deps.now())), resumed };
}

/**
 * The campaign a start may take over: pending (a start died before activating it), of the same school year,
 * with its lease lapsed. Anything else is a CONFLICT: a campaign is active, or another start is running.
 */
async function resumable(request: StartCampaignRequest, owner: string, deps: CampaignDeps): Promise<Campaign> {
  const lock = await getCampaignLock();
  const existing = lock ? await getCampaign(lock.owner) : undefined;
  if (!existing) throw new AppError('CONFLICT', [{ path: 'campaign', issue: 'start_in_progress' }]);
  if (existing.status !== 'pending' || existing.schoolYear !== request.schoolYear) {
    throw new AppError('CONFLICT', [{ path: 'campaign', issue: 'campaign_active' }]);
  }
  if (!(await acquireStartLease(existing.id, owner, deps.now().getTime(), deps.leaseMs))) {
    throw new AppError('CONFLICT', [{ path: 'campaign', issue: 'start_in_progress' }]);
  }
  return existing;
}

/**
 * One participant per parent in the directory, written in bounded batches; participants of parents who left
 * since an interrupted attempt are removed. Parents without an email are participants marked unreachable. Only
 * the parents (and the staff, when included) are read, not the whole directory, and a campaign this request
 * created has no participant to list yet (docs/benchmarks.md, "Admin waits").
 */
async function writeMissingParticipants(campaign: Campaign, resumed: boolean): Promise<ParticipantTotals> {
  const [parents, staffMembers, existing] = await Promise.all([
    listEntities('PARENT'),
    campaign.includeStaff ? listEntities('STAFF') : [],
    resumed ? listParticipants(campaign.id) : [],
  ]);
  const directory = { parents, staff: staffMembers };
  const known = new Map(existing.map((p) => [p.parentId, p]));
  const parentIds = new Set(directory.parents.map((p) => p.id));
  const add: Participant[] = directory.parents
    .filter((parent) => {
      const participant = known.get(parent.id);
      return !participant || (participant.unreachable ?? false) !== !parent.email;
    })
    .map((parent) => ({
      campaignId: campaign.id,
      parentId: parent.id,
      emailsSent: 0,
      optedOut: false,
      unreachable: !parent.email,
    }));
  const staff = staffParticipantPlan(campaign, directory.staff, known);
  const remove = existing.filter((p) => !parentIds.has(p.parentId) && !staff.ids.has(p.parentId));
  await writeParticipants([...add, ...staff.add], remove);
  // Participants now mirror the directory's parents (and staff) exactly: the totals follow without a re-read.
  return {
    totalParents: directory.parents.length,
    unreachable: directory.parents.filter((parent) => !parent.email).length,
    ...staff.totals,
  };
}

/**
 * The campaign as every admin screen shows it (the dashboard and the campaign page read this one view): a closed one
 * with its last reopening day, an open one with the day it could be reopened until if it closed today.
 */
export async function viewOf(campaign: Campaign, now = new Date()): Promise<CampaignView> {
  const months = campaign.status === 'pending' ? undefined : (await getRetention()).campaignMonths;
  return campaignView(campaign, schoolDay(now), months);
}

export async function getCurrentCampaign(): Promise<CurrentCampaignResponse> {
  const campaign = await currentCampaign();
  if (!campaign) return { campaign: null, activeJob: null };
  const activeJob = campaign.activeJobId ? await sendJobProgress(campaign.id, campaign.activeJobId) : null;
  return { campaign: await viewOf(campaign), activeJob };
}

export async function getParticipants(campaignId: string): Promise<ParticipantsResponse> {
  const campaign = await getCampaign(campaignId);
  if (!campaign) throw new AppError('NOT_FOUND');
  const [participants, directory, suppressions, letters] = await Promise.all([
    listParticipants(campaignId),
    readDirectory(),
    listSuppressions(),
    listLetters(campaignId, new Date()),
  ]);
  return { campaign: await viewOf(campaign), participants: participantViews(participants, directory, suppressions, letters) };
}

/** -> completed. Idempotent: closing a completed campaign answers with it unchanged. */
export async function closeCampaign(
  campaignId: string,
  actorId: string,
  deps: Pick<CampaignDeps, 'now'> = defaultCampaignDeps(),
): Promise<CampaignView> {
  const campaign = await getCampaign(campaignId);
  if (!campaign) throw new AppError('NOT_FOUND');
  if (campaign.status !== 'completed') {
    const now = deps.now();
    const audit = {
      at: now.toISOString(),
      actor: { kind: 'user' as const, id: actorId },
      action: 'campaign.close',
      target: { type: 'CAMPAIGN', id: campaignId },
    };
    if (!(await completeCampaign(campaign, audit, now))) {
      const again = await getCampaign(campaignId);
      if (again?.status !== 'completed') throw new AppError('CONFLICT');
    }
    logger.info('campaign closed', { campaignId });
  }
  return viewOf((await getCampaign(campaignId))!, deps.now());
}

/** A deadline the campaign cannot take (shared/rules/campaign-deadline.ts): past, or beyond its school year. */
export function refuseDeadline(deadline: string, today: string, schoolYear: string): void {
  const problem = deadlineProblem(deadline, today, schoolYear);
  if (problem) throw new AppError('VALIDATION_FAILED', [{ path: 'deadline', issue: problem === 'past' ? 'deadline_past' : 'deadline_too_far' }]);
}

/**
 * The automatic reminders of the active campaign, and its deadline when it moves (docs/annual-update.md, "Automatic
 * reminders", "Moving the deadline"); audited. A new deadline carries every link already sent past it first (a call
 * cut short is finished by the same call again), then the campaign takes it and its reminders count from it.
 */
export async function updateReminders(
  campaignId: string,
  request: RemindersUpdateRequest,
  actorId: string,
  deps: Pick<CampaignDeps, 'now'> = defaultCampaignDeps(),
): Promise<CampaignView> {
  const campaign = await getCampaign(campaignId);
  if (!campaign) throw new AppError('NOT_FOUND');
  if (campaign.status !== 'active') throw new AppError('CONFLICT', [{ path: 'campaign', issue: 'not_active' }]);
  const now = deps.now();
  const today = schoolDay(now);
  const moved = request.deadline !== undefined && request.deadline !== campaign.deadline ? request.deadline : undefined;
  if (moved) refuseDeadline(moved, today, campaign.schoolYear);
  const deadline = moved ?? campaign.deadline;
  if (request.reminderDays.length > 0 && !deadline) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'reminderDays', issue: 'needs_deadline' }]);
  }
  const reminderDays = [...request.reminderDays].sort((a, b) => b - a);
  if (moved) await extendLinks(campaign.id, Math.floor(now.getTime() / 1000), linkExpiry(now, moved));
  const audit = {
    at: now.toISOString(),
    actor: { kind: 'user' as const, id: actorId },
    action: moved ? 'campaign.deadline' : 'campaign.reminders',
    target: { type: 'CAMPAIGN', id: campaignId },
    count: reminderDays.length,
  };
  const schedule = moved ? { deadline: moved, remindersSent: passedReminders(reminderDays, moved, today) } : undefined;
  if (!(await setReminderDays(campaign, reminderDays, audit, schedule))) throw new AppError('CONFLICT');
  if (moved) logger.info('campaign deadline moved', { campaignId });
  return campaignView((await getCampaign(campaignId))!, today);
}
