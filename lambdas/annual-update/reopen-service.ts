import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { getRetention } from '../directory/public';
import { passedReminders } from '@shared/rules/annual-update-reminders';
import { schoolDay } from '@shared/rules/school-calendar';
import type { CampaignView, ReopenCampaignRequest } from '@shared/contracts/annual-update-api';
import type { Campaign } from '@shared/schemas/annual-update';
import { currentCampaign, getCampaign, getCampaignLock } from './campaign-repository';
import { defaultCampaignDeps, refuseDeadline, viewOf, type CampaignDeps } from './campaign-service';
import { extendLinks, linkExpiry } from './link-extension';
import { reactivateCampaign } from './reopen-repository';
import { reopenUntil } from './views';

/**
 * Reopening a closed campaign (docs/annual-update.md, "Campaign lifecycle"): the latest campaign only, while no other
 * is open and until the day before its retention purge. The links and letter codes that were still valid when it
 * closed work again (their expiry is pushed to cover the new deadline), the answers stay, and the campaign is active
 * again with its new deadline. The links are extended first: a reopen cut short leaves the campaign closed, and
 * reopening again finishes it (each extension is idempotent).
 */
export async function reopenCampaign(
  campaignId: string,
  request: ReopenCampaignRequest,
  actorId: string,
  deps: Pick<CampaignDeps, 'now'> = defaultCampaignDeps(),
): Promise<CampaignView> {
  const now = deps.now();
  const campaign = await getCampaign(campaignId);
  if (!campaign) throw new AppError('NOT_FOUND');
  // The same reopen sent twice (a double click, a retried request) answers the reopened campaign.
  if (campaign.status === 'active' && campaign.reopenedAt && campaign.deadline === request.deadline) return viewOf(campaign, now);
  if (campaign.status !== 'completed' || !campaign.completedAt) throw new AppError('CONFLICT', [{ path: 'campaign', issue: 'not_closed' }]);
  const today = schoolDay(now);
  refuseDeadline(request.deadline, today, campaign.schoolYear);
  await assertReopenable(campaign, today);

  const closedAt = Math.floor(Date.parse(campaign.completedAt) / 1000);
  await extendLinks(campaign.id, closedAt, linkExpiry(now, request.deadline));
  const audit = {
    at: now.toISOString(),
    actor: { kind: 'user' as const, id: actorId },
    action: 'campaign.reopen',
    target: { type: 'CAMPAIGN', id: campaign.id },
  };
  const change = { deadline: request.deadline, remindersSent: passedReminders(campaign.reminderDays ?? [], request.deadline, today), now };
  if (!(await reactivateCampaign(campaign, change, audit))) {
    throw new AppError('REOPEN_NOT_ALLOWED', [{ path: 'campaign', issue: 'other_campaign_open' }]);
  }
  logger.info('campaign reopened', { campaignId: campaign.id });
  return viewOf((await getCampaign(campaign.id))!, now);
}

/** Only the latest campaign, with no other open, until the day before its purge. */
async function assertReopenable(campaign: Campaign, today: string): Promise<void> {
  const [lock, latest, retention] = await Promise.all([getCampaignLock(), currentCampaign(), getRetention()]);
  if (lock) throw new AppError('REOPEN_NOT_ALLOWED', [{ path: 'campaign', issue: 'other_campaign_open' }]);
  if (latest && latest.id !== campaign.id) throw new AppError('REOPEN_NOT_ALLOWED', [{ path: 'campaign', issue: 'newer_campaign' }]);
  if (today > reopenUntil(campaign.completedAt!, retention.campaignMonths)) {
    throw new AppError('REOPEN_NOT_ALLOWED', [{ path: 'campaign', issue: 'purge_date_passed' }]);
  }
}
