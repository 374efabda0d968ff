import type { Context } from 'aws-lambda';
import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { dueReminders } from '@shared/rules/annual-update-reminders';
import type { SendJobProgress } from '@shared/contracts/annual-update-api';
import { schoolDay } from '@shared/rules/school-calendar';
import { currentCampaign } from './campaign-repository';
import { defaultSendDeps, type SendDeps } from './send-deps';
import { getSendJob } from './send-job-repository';
import { continueSendJob, startSendJob } from './send-job-service';

/**
 * Automatic reminders (docs/annual-update.md, "Automatic reminders"). Each scheduled run (EventBridge in AWS, a
 * timer in the local stack) either goes on with the reminder job it started earlier, or, when a reminder is due
 * on today's school day, starts one: a `remind` send job (parents emailed before who have not answered), whose
 * creation marks the due offsets on the campaign in the same transaction, so a reminder is never started twice.
 * An administrator's own send job in progress comes first: the reminder waits for the next run.
 */

/** Who started a reminder job, in the job and the logs: nobody did. */
export const REMINDER_ACTOR = 'system:reminders';

export type ReminderRun =
  | { outcome: 'nothingDue' }
  | { outcome: 'busy' }
  | { outcome: 'sending'; jobId: string; offsets: number[]; progress: SendJobProgress };

export async function runDueReminders(deps: SendDeps, stopAtMs: number): Promise<ReminderRun> {
  const campaign = await currentCampaign();
  if (campaign?.status !== 'active') return { outcome: 'nothingDue' };
  if (campaign.activeJobId) {
    const job = await getSendJob(campaign.id, campaign.activeJobId);
    if (job?.createdBy !== REMINDER_ACTOR) return { outcome: 'busy' };
    return { outcome: 'sending', jobId: job.jobId, offsets: [], progress: await drain(campaign.id, job.jobId, deps, stopAtMs) };
  }
  const due = dueReminders(campaign, schoolDay(deps.now()));
  if (due.length === 0) return { outcome: 'nothingDue' };
  let started: SendJobProgress;
  try {
    started = await startSendJob(campaign.id, { mode: 'remind' }, REMINDER_ACTOR, deps, [...(campaign.remindersSent ?? []), ...due]);
  } catch (error) {
    // Another send job was created meanwhile (an administrator, or a run at the same moment).
    if (error instanceof AppError && error.code === 'CONFLICT') return { outcome: 'busy' };
    throw error;
  }
  logger.info('automatic reminder started', { campaignId: campaign.id, jobId: started.jobId, offsets: due, total: started.total });
  return { outcome: 'sending', jobId: started.jobId, offsets: due, progress: await drain(campaign.id, started.jobId, deps, stopAtMs) };
}

/** Sends chunk after chunk until the job is done or the time is up; the next run goes on from there. */
async function drain(campaignId: string, jobId: string, deps: SendDeps, stopAtMs: number): Promise<SendJobProgress> {
  let progress = await continueSendJob(campaignId, jobId, deps);
  while (!progress.done && !progress.busy && deps.now().getTime() + deps.budgetMs < stopAtMs) {
    progress = await continueSendJob(campaignId, jobId, deps);
  }
  return progress;
}

/** Time kept back from the Lambda's timeout after the last chunk. */
const MARGIN_MS = 2000;

/** The scheduled event's entry point (lambdas/annual-update/index.ts). */
export async function scheduledReminders(context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<ReminderRun> {
  const deps = defaultSendDeps();
  const stopAt = Date.now() + (context ? context.getRemainingTimeInMillis() - MARGIN_MS : deps.budgetMs);
  const run = await runDueReminders(deps, stopAt);
  if (run.outcome === 'busy') logger.info('automatic reminder waits: another send job is in progress');
  return run;
}
