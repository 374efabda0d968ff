import type { CampaignView } from '@shared/contracts/annual-update-api';
import { IsoDateSchema } from '@shared/schemas/common';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import { deadlineProblem } from '@shared/rules/campaign-deadline';

/**
 * What a campaign's state allows, in one place for every screen that shows it (the dashboard card and the campaign
 * page read the same server view, docs/annual-update.md "Campaign lifecycle"): an open campaign sends and closes;
 * a closed one offers reopening (until its last reopening day), the answers' export and its purge date, and sends
 * nothing: no row selection, no reminders line; it still lets a new campaign start (the next school year's), as a
 * plain button while reopening is the one primary action; a pending one is a start that was interrupted (starting
 * again finishes it).
 */
export interface CampaignState {
  phase: 'open' | 'closed' | 'interrupted';
  canSend: boolean;
  canClose: boolean;
  canStart: boolean;
  canReopen: boolean;
  /** The card's one primary action: reopening while a closed campaign can be reopened, else starting (none while open). */
  primary?: 'start' | 'reopen';
  /** Rows can be selected (a bulk action applies: sending) and the automatic reminders are planned: open only. */
  active: boolean;
  /** The people who have not answered (parents, and staff when the campaign includes them). */
  unanswered: number;
  /** Whether the counts include staff (the sentences then say "people", not "parents"). */
  withStaff: boolean;
}

export function campaignState(campaign: CampaignView, today: string): CampaignState {
  const phase = campaign.status === 'active' ? 'open' : campaign.status === 'completed' ? 'closed' : 'interrupted';
  const canReopen = phase === 'closed' && campaign.reopenUntil !== undefined && today <= campaign.reopenUntil;
  return {
    phase,
    canSend: phase === 'open',
    canClose: phase !== 'closed',
    canStart: phase !== 'open',
    canReopen,
    ...(phase === 'open' ? {} : { primary: canReopen ? 'reopen' : 'start' }),
    active: phase === 'open',
    unanswered: Math.max(0, campaign.progress.total - campaign.progress.completed),
    withStaff: campaign.counts.staff !== undefined,
  };
}

/**
 * The deadline a reopen proposes: the campaign's own while it is more than 30 days ahead (a campaign closed early keeps
 * the date its emails and letters gave, instead of quietly moving it sooner), otherwise today + 30 days.
 */
export function proposedReopenDeadline(deadline: string | undefined, today: string): string {
  const inAMonth = addDays(today, 30);
  return deadline !== undefined && deadline > inAMonth ? deadline : inAMonth;
}

/**
 * A deadline is optional; when given it is a real day (IsoDateSchema, as the server reads it), today or later, and
 * within the campaign's school year when it is known (shared/rules/campaign-deadline.ts).
 */
export function deadlineError(value: string, today = schoolDay(), schoolYear?: string): 'invalid' | 'past' | 'tooFar' | undefined {
  if (value === '') return undefined;
  if (!IsoDateSchema.safeParse(value).success) return 'invalid';
  return deadlineProblem(value, today, schoolYear);
}
