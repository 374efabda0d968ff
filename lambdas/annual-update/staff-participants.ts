import type { CampaignView, ParticipantView } from '@shared/contracts/annual-update-api';
import type { Campaign, Participant } from '@shared/schemas/annual-update';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { Staff } from '@shared/schemas/staff';
import type { Language } from '@shared/schemas/common';
import { frenchCompare } from '@shared/format/collation';

/**
 * Staff in the annual update (docs/annual-update.md, "Staff"): a campaign started with `includeStaff` has one
 * participant per staff member (`kind: 'staff'`, the staff id in `parentId`), emailed through the same send jobs
 * and links, tracked with counts of their own. Pure: no AWS, no clock.
 */

export interface StaffTotals {
  totalStaff: number;
  staffUnreachable: number;
}

/** The staff participants a start writes (new ones, or those whose email appeared or went), and the totals. */
export function staffParticipantPlan(
  campaign: Campaign,
  staff: readonly Staff[],
  known: ReadonlyMap<string, Participant>,
): { add: Participant[]; ids: Set<string>; totals?: StaffTotals } {
  if (!campaign.includeStaff) return { add: [], ids: new Set() };
  const add = staff
    .filter((member) => {
      const participant = known.get(member.id);
      return !participant || (participant.unreachable ?? false) !== !member.email;
    })
    .map(
      (member): Participant => ({
        campaignId: campaign.id,
        parentId: member.id,
        kind: 'staff',
        emailsSent: 0,
        optedOut: false,
        unreachable: !member.email,
      }),
    );
  return {
    add,
    ids: new Set(staff.map((member) => member.id)),
    totals: { totalStaff: staff.length, staffUnreachable: staff.filter((member) => !member.email).length },
  };
}

/** The language of a staff member's emails: their choice, else French (the school's language). */
export const staffLanguage = (staff: Pick<Staff, 'preferredLanguage'>): Language => staff.preferredLanguage ?? 'fr';

/** The staff counts of the campaign view, when the campaign includes staff. */
export function staffCounts(campaign: Campaign): Pick<CampaignView['counts'], 'staff'> {
  if (!campaign.includeStaff) return {};
  const total = campaign.totalStaff ?? 0;
  const unreachable = campaign.staffUnreachable ?? 0;
  return {
    staff: {
      total,
      reachable: total - unreachable,
      unreachable,
      emailsSent: campaign.staffEmailsSent ?? 0,
      formsSubmitted: campaign.staffSubmitted ?? 0,
    },
  };
}

/** The classes a staff member teaches (homeroom), by code. */
export function classesTaught(staffId: string, classes: readonly SchoolClass[]): SchoolClass[] {
  return classes.filter((c) => c.teacherId === staffId).sort((a, b) => frenchCompare(a.code, b.code));
}

/** The name, email, language and classes taught of a staff participant's row; nothing when they left. */
export function staffRowFields(
  member: Staff | undefined,
  classes: readonly SchoolClass[],
): Pick<ParticipantView, 'firstName' | 'lastName' | 'email' | 'preferredLanguage' | 'classes' | 'kind'> {
  if (!member) return { classes: [], kind: 'staff' };
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    ...(member.email ? { email: member.email } : {}),
    preferredLanguage: staffLanguage(member),
    classes: classesTaught(member.id, classes).map((c) => ({ id: c.id, code: c.code, name: c.name })),
    kind: 'staff',
  };
}
