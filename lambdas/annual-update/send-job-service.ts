import { ulid } from 'ulid';
import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { listedBySendMode, type SendJobProgress, type SendRequest } from '@shared/contracts/annual-update-api';
import type { Participant } from '@shared/schemas/annual-update';
import type { SendJob, SendJobEntry } from '@shared/schemas/send-job';
import { getCampaign, listParticipants } from './campaign-repository';
import {
  acquireJobLease,
  createSendJob,
  finishSendJob,
  getSendJob,
  listSendJobEntries,
  releaseJobLease,
} from './send-job-repository';
import { DEFAULT_MAX_ATTEMPTS, type SendDeps } from './send-deps';
import { ChunkWorker, requireSettings } from './send-worker';

/**
 * Sending the update links (docs/annual-update.md, "Send jobs"). Creating a job persists who is to be emailed;
 * each `continue` call works through a bounded chunk under a lease and returns the progress, so a crash, a
 * timeout or a closed tab loses nothing and the next call picks up where the last one stopped. Each email is
 * sent at most once per job: an entry is claimed (conditional write) before SES is called, and an entry found
 * claimed but unfinished is recorded as `uncertain`, never sent again automatically.
 */
/** Send-job entries are kept this long for the admin's review, then removed by TTL. */
const ENTRY_RETENTION_DAYS = 180;
/** Who a mode selects, from the participants as they are now. */
function selectParticipants(request: SendRequest, participants: Participant[]): Participant[] {
  if (request.mode !== 'selected') {
    const mode = request.mode;
    return participants.filter((p) => listedBySendMode(mode, { ...p, submitted: p.submittedAt !== undefined }));
  }
  const byId = new Map(participants.map((p) => [p.parentId, p]));
  const unknown = request.parentIds
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => !byId.has(id))
    .map(({ index }) => ({ path: `parentIds.${index}`, issue: 'not_a_participant' }));
  if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', unknown.slice(0, 20));
  return request.parentIds.map((id) => byId.get(id)!);
}

export async function startSendJob(
  campaignId: string,
  request: SendRequest,
  actorId: string,
  deps: Pick<SendDeps, 'now'>,
  /** For an automatic reminder: the campaign's remindersSent once this job exists (reminder-service.ts). */
  remindersSent?: number[],
): Promise<SendJobProgress> {
  const campaign = await getCampaign(campaignId);
  if (!campaign) throw new AppError('NOT_FOUND');
  if (campaign.status !== 'active') throw new AppError('CONFLICT');
  if (campaign.activeJobId) throw new AppError('CONFLICT', [{ path: 'activeJobId', issue: campaign.activeJobId }]);
  const now = deps.now();
  const at = now.toISOString();
  const jobId = ulid(now.getTime());
  const expiresAt = Math.floor(now.getTime() / 1000) + ENTRY_RETENTION_DAYS * 86_400;
  const entries: SendJobEntry[] = selectParticipants(request, await listParticipants(campaignId)).map((p) => ({
    jobId,
    parentId: p.parentId,
    // A selected parent without an email is listed, and skipped at once: there is no one to write to.
    state: p.unreachable ? 'skipped' : 'pending',
    ...(p.unreachable ? { lastError: 'noEmail' } : {}),
    attempts: 0,
    updatedAt: at,
    expiresAt,
  }));
  const job: SendJob = {
    jobId,
    campaignId,
    mode: request.mode,
    status: 'running',
    total: entries.length,
    createdBy: actorId,
    createdAt: at,
    updatedAt: at,
  };
  const outcome = await createSendJob(job, entries, remindersSent);
  if (outcome !== 'created') throw new AppError('CONFLICT');
  logger.info('send job created', { campaignId, jobId, mode: request.mode, total: entries.length });
  return progressOf(job, entries, DEFAULT_MAX_ATTEMPTS, false);
}

export async function sendJobProgress(
  campaignId: string,
  jobId: string,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
): Promise<SendJobProgress> {
  const job = await getSendJob(campaignId, jobId);
  if (!job) throw new AppError('NOT_FOUND');
  return progressOf(job, await listSendJobEntries(jobId), maxAttempts, false);
}

/** Works through one bounded chunk of a job and reports the progress. Safe to call again at any time. */
export async function continueSendJob(campaignId: string, jobId: string, deps: SendDeps): Promise<SendJobProgress> {
  const job = await getSendJob(campaignId, jobId);
  if (!job) throw new AppError('NOT_FOUND');
  if (job.status !== 'running') return progressOf(job, await listSendJobEntries(jobId), deps.maxAttempts, false);
  const started = deps.now();
  const owner = ulid();
  if (!(await acquireJobLease(job, owner, started.getTime(), deps.leaseMs))) {
    return progressOf(job, await listSendJobEntries(jobId), deps.maxAttempts, true);
  }
  try {
    const campaign = await getCampaign(campaignId);
    if (campaign?.status !== 'active') {
      await finishSendJob(job, owner, 'cancelled', deps.now());
      return sendJobProgress(campaignId, jobId, deps.maxAttempts);
    }
    const worker = new ChunkWorker(campaign, job, deps, await requireSettings());
    const entries = await listSendJobEntries(jobId);
    // This request holds the lease, so a `sending` entry was left by a worker that died mid-send.
    for (const entry of entries.filter((e) => e.state === 'sending')) await worker.recover(entry);
    const retryBefore = started.toISOString();
    const candidates = entries.filter(
      (e) => e.state === 'pending' || (e.state === 'failed' && e.attempts < deps.maxAttempts && e.updatedAt < retryBefore),
    );
    const sent = await worker.run(candidates, started.getTime() + deps.budgetMs);
    const after = await listSendJobEntries(jobId);
    const remaining = after.some(
      (e) => e.state === 'pending' || e.state === 'sending' || (e.state === 'failed' && e.attempts < deps.maxAttempts),
    );
    const ended = deps.now();
    if (remaining) await releaseJobLease(job, owner, ended);
    else await finishSendJob(job, owner, 'completed', ended);
    logger.info('send chunk', { campaignId, jobId, processed: sent, ms: ended.getTime() - started.getTime() });
    const state: SendJob = remaining ? job : { ...job, status: 'completed', completedAt: ended.toISOString() };
    return progressOf(state, after, deps.maxAttempts, false);
  } catch (error) {
    // Give the job back at once rather than after the lease lapses; a failure here is not worth masking.
    await releaseJobLease(job, owner, deps.now()).catch(() => undefined);
    throw error;
  }
}

export function progressOf(job: SendJob, entries: SendJobEntry[], maxAttempts: number, busy: boolean): SendJobProgress {
  const count = (test: (e: SendJobEntry) => boolean) => entries.filter(test).length;
  return {
    jobId: job.jobId,
    campaignId: job.campaignId,
    mode: job.mode,
    status: job.status,
    total: job.total,
    pending: count((e) => e.state === 'pending'),
    retrying: count((e) => e.state === 'failed' && e.attempts < maxAttempts),
    sending: count((e) => e.state === 'sending'),
    sent: count((e) => e.state === 'sent'),
    failed: count((e) => e.state === 'failed' && e.attempts >= maxAttempts),
    uncertain: count((e) => e.state === 'uncertain'),
    skipped: count((e) => e.state === 'skipped'),
    done: job.status !== 'running',
    busy,
    createdAt: job.createdAt,
    ...(job.completedAt ? { completedAt: job.completedAt } : {}),
  };
}
