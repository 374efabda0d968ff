import type { CampaignView, ParticipantView } from '@shared/contracts/annual-update-api';
import type { Suppression } from '@shared/rules/annual-update-bounces';
import type { Campaign, Participant } from '@shared/schemas/annual-update';
import { nextReminderOn } from '@shared/rules/annual-update-reminders';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import type { DirectoryData } from '../directory/public';
import { staffCounts, staffRowFields } from './staff-participants';
import { frenchBaseCompare, frenchCompare } from '@shared/format/collation';

/** What the admin screens receive, built from stored items. Pure: no AWS, no clock. */

/**
 * The last day a closed campaign can be reopened: the day before the retention purge removes its participants and
 * links (completedAt + the retention's campaign months, lambdas/privacy/retention/purge-service.ts `cutoff`).
 */
export function reopenUntil(completedAt: string, campaignMonths: number): string {
  const purge = new Date(completedAt);
  purge.setUTCMonth(purge.getUTCMonth() + campaignMonths);
  return addDays(schoolDay(purge), -1);
}

/**
 * `today`: the school's calendar day (shared/rules/school-calendar.ts), for the next automatic reminder; `campaignMonths`:
 * the retention period, for a closed campaign's last reopening day. The one view of a campaign's state and counts
 * (the dashboard and the campaign page both read it).
 */
export function campaignView(campaign: Campaign, today: string, campaignMonths?: number): CampaignView {
  const unreachable = campaign.unreachable ?? 0;
  // Staff included: the progress counts their answers with the parents' (docs/annual-update.md, "Staff").
  const total = campaign.totalParents + (campaign.totalStaff ?? 0);
  const completed = campaign.formsSubmitted + (campaign.staffSubmitted ?? 0);
  return {
    id: campaign.id,
    schoolYear: campaign.schoolYear,
    status: campaign.status,
    ...(campaign.deadline ? { deadline: campaign.deadline } : {}),
    createdAt: campaign.createdAt,
    ...(campaign.startedAt ? { startedAt: campaign.startedAt } : {}),
    ...(campaign.completedAt ? { completedAt: campaign.completedAt } : {}),
    ...(campaign.reopenedAt ? { reopenedAt: campaign.reopenedAt } : {}),
    ...optional('reopenUntil', lastReopeningDay(campaign, today, campaignMonths)),
    counts: {
      totalParents: campaign.totalParents,
      reachable: campaign.totalParents - unreachable,
      unreachable,
      emailsSent: campaign.emailsSent,
      formsSubmitted: campaign.formsSubmitted,
      optedOut: campaign.optedOut,
      ...staffCounts(campaign),
    },
    progress: {
      completed,
      total,
      percentage: total === 0 ? 0 : Math.round((completed / total) * 1000) / 10,
    },
    ...(campaign.activeJobId ? { activeJobId: campaign.activeJobId } : {}),
    reminders: {
      days: campaign.reminderDays ?? [],
      sent: campaign.remindersSent ?? [],
      ...(campaign.status === 'active' ? optional('nextOn', nextReminderOn(campaign, today)) : {}),
    },
    ...(campaign.review ? { review: true } : {}),
  };
}

/** A closed campaign's last reopening day; an open one's if it closed today (what the closing dialog announces). */
function lastReopeningDay(campaign: Campaign, today: string, campaignMonths: number | undefined): string | undefined {
  if (campaignMonths === undefined) return undefined;
  if (campaign.status === 'completed' && campaign.completedAt) return reopenUntil(campaign.completedAt, campaignMonths);
  // Noon in Montréal of the school day: the same day whatever the server's zone.
  return campaign.status === 'active' ? reopenUntil(`${today}T17:00:00.000Z`, campaignMonths) : undefined;
}

/** The parent's current address's suppression, if any (docs/annual-update.md, "Bounces and complaints"). */
function suppressionOf(email: string | undefined, suppressions: ReadonlyMap<string, Suppression>) {
  const found = email ? suppressions.get(email) : undefined;
  return found ? { suppression: { reason: found.reason, at: found.at } } : {};
}

const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : { [key]: value });

type Directory = Pick<DirectoryData, 'parents' | 'students' | 'classes' | 'families'> & Partial<Pick<DirectoryData, 'staff'>>;

/** Participants with their names and their children's classes, sorted by last name then first name. */
export function participantViews(
  participants: Participant[],
  directory: Directory,
  suppressions: ReadonlyMap<string, Suppression> = new Map(),
  /** Parent id -> when their current paper letter was printed. */
  letters: ReadonlyMap<string, string> = new Map(),
): ParticipantView[] {
  const parents = new Map(directory.parents.map((p) => [p.id, p]));
  const students = new Map(directory.students.map((s) => [s.id, s]));
  const classes = new Map(directory.classes.map((c) => [c.id, c]));
  const classIdsOf = new Map<string, Set<string>>();
  for (const { parentId, studentId } of directory.families) {
    const classId = students.get(studentId)?.classId;
    if (classId === undefined || !classes.has(classId)) continue;
    classIdsOf.set(parentId, (classIdsOf.get(parentId) ?? new Set()).add(classId));
  }
  const staff = new Map((directory.staff ?? []).map((s) => [s.id, s]));
  const views = participants.map((p): ParticipantView => {
    const parent = p.kind === 'staff' ? undefined : parents.get(p.parentId);
    const classList = [...(classIdsOf.get(p.parentId) ?? [])]
      .map((id) => classes.get(id)!)
      .sort((a, b) => frenchCompare(a.code, b.code))
      .map((c) => ({ id: c.id, code: c.code, name: c.name }));
    return {
      parentId: p.parentId,
      ...(parent
        ? {
            firstName: parent.firstName,
            lastName: parent.lastName,
            ...(parent.email ? { email: parent.email } : {}),
            preferredLanguage: parent.preferredLanguage,
          }
        : {}),
      classes: classList,
      ...(p.kind === 'staff' ? staffRowFields(staff.get(p.parentId), directory.classes) : {}),
      unreachable: p.unreachable ?? false,
      emailSent: p.emailsSent > 0,
      ...(p.emailSentAt ? { emailSentAt: p.emailSentAt } : {}),
      emailsSent: p.emailsSent,
      submitted: p.submittedAt !== undefined,
      ...(p.submittedAt ? { submittedAt: p.submittedAt } : {}),
      optedOut: p.optedOut,
      ...(p.lastActivityAt ? { lastActivityAt: p.lastActivityAt } : {}),
      sendFailures: p.sendFailures ?? 0,
      ...(p.lastSendError ? { lastSendError: p.lastSendError } : {}),
      history: p.history ?? [],
      ...suppressionOf(parent?.email, suppressions),
      ...optional('letterPrintedAt', letters.get(p.parentId)),
    };
  });
  const compare = (a = '', b = '') => frenchBaseCompare(a, b);
  return views.sort((a, b) => compare(a.lastName, b.lastName) || compare(a.firstName, b.firstName));
}
