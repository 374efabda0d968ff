import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { getEntity, getSettings, listEntities } from '../directory/public';
import type { Campaign, Participant, ParticipantEvent } from '@shared/schemas/annual-update';
import { StaffSchema, type Staff } from '@shared/schemas/staff';
import type { StaffForm, StaffSubmitResponse, StaffUpdate } from '@shared/rules/staff-form';
import { hasAccount } from './account-lookup';
import { getParticipant } from './campaign-repository';
import { classesTaught, staffLanguage } from './staff-participants';
import { saveStaffUpdate } from './staff-update-repository';
import { usableUpdateLink } from './token-repository';

/**
 * The staff form of the annual update (docs/annual-update.md, "Staff"), reached by a staff member's emailed link
 * only. Loading only reads. Submitting updates that staff member (title, department, extension, whether the
 * email is listed, language) in one transaction with the participant, the campaign count and the audit entry.
 */
interface StaffTarget {
  staff: Staff;
  campaign: Campaign;
  participant?: Participant;
}

/** The same rule as the parent link (token-repository.ts); a parent's link is not a staff link (TOKEN_INVALID). */
async function resolveStaffToken(token: string, now: Date): Promise<StaffTarget> {
  const { stored, campaign } = await usableUpdateLink(token, now);
  if (stored.kind !== 'staff') throw new AppError('TOKEN_INVALID');
  const [staff, participant] = await Promise.all([
    getEntity('STAFF', stored.parentId),
    getParticipant(stored.campaignId, stored.parentId),
  ]);
  // The staff member left the directory since the email went out.
  if (!staff) throw new AppError('TOKEN_INVALID');
  return { staff, campaign, ...(participant ? { participant } : {}) };
}

/** Reads what the staff form shows: the record, the classes taught, the school's contact. */
async function readStaffForm(target: StaffTarget): Promise<StaffForm> {
  const { staff, campaign, participant } = target;
  const [classes, settings] = await Promise.all([listEntities('CLASS'), getSettings()]);
  return {
    kind: 'staff',
    staff: {
      id: staff.id,
      version: staff.version,
      firstName: staff.firstName,
      lastName: staff.lastName,
      ...(staff.email ? { email: staff.email } : {}),
      title: { fr: staff.title.fr, en: staff.title.en },
      department: staff.department,
      ...(staff.extension ? { extension: staff.extension } : {}),
      showEmail: staff.showEmail !== false,
      preferredLanguage: staffLanguage(staff),
    },
    classes: classesTaught(staff.id, classes).map((c) => ({ code: c.code, name: c.name })),
    school: {
      name: settings?.schoolName ?? '',
      ...(settings?.contact.email ? { contactEmail: settings.contact.email } : {}),
      ...(settings?.contact.phone ? { contactPhone: settings.contact.phone } : {}),
    },
    campaign: { schoolYear: campaign.schoolYear, ...(campaign.deadline ? { deadline: campaign.deadline } : {}) },
    ...(participant?.submittedAt ? { submittedAt: participant.submittedAt } : {}),
  };
}

export async function loadStaffByToken(token: string, now = new Date()): Promise<StaffForm> {
  return readStaffForm(await resolveStaffToken(token, now));
}

const FIELDS = ['title', 'department', 'extension', 'showEmail', 'preferredLanguage'] as const;

/** The staff member after the answer; every other field (names, email, phone, interests) kept as it is. */
function nextStaff(current: Staff, input: StaffUpdate, now: Date): Staff {
  const { extension: _extension, ...kept } = current;
  const result = StaffSchema.safeParse({
    ...kept,
    title: input.title,
    department: input.department,
    ...(input.extension ? { extension: input.extension } : {}),
    showEmail: input.showEmail,
    preferredLanguage: input.preferredLanguage,
    version: current.version + 1,
    updatedAt: now.toISOString(),
  });
  if (!result.success) {
    const fields = result.error.issues.slice(0, 20).map((issue) => ({ path: `data.${issue.path.join('.')}`, issue: issue.code }));
    throw new AppError('VALIDATION_FAILED', fields);
  }
  return result.data;
}

export async function submitStaffByToken(token: string, input: StaffUpdate, now = new Date()): Promise<StaffSubmitResponse> {
  const target = await resolveStaffToken(token, now);
  const current = target.staff;
  if (input.version !== current.version) throw new AppError('CONFLICT', [{ path: 'version', issue: 'stale' }]);
  const candidate = nextStaff(current, input, now);
  const visible = (s: Staff) => ({ ...s, showEmail: s.showEmail !== false, preferredLanguage: staffLanguage(s) });
  const changed = FIELDS.filter((f) => JSON.stringify(visible(current)[f]) !== JSON.stringify(visible(candidate)[f]));
  const next = changed.length > 0 ? candidate : undefined;
  const at = now.toISOString();
  const events: ParticipantEvent[] = [{ at, event: 'submitted', via: 'link' }];
  await saveStaffUpdate({
    current,
    ...(next ? { next } : {}),
    ...(target.participant ? { participant: { before: target.participant, events } } : {}),
    audit: {
      at,
      actor: { kind: 'token', id: current.id },
      action: 'staff.updateByLink',
      target: { type: 'STAFF', id: current.id },
      fields: [...changed],
    },
    now,
  });
  logger.info('staff form saved', { staffId: current.id, changed: changed.length });
  const participant = target.participant && {
    ...target.participant,
    submittedAt: target.participant.submittedAt ?? at,
    lastActivityAt: at,
  };
  const form = await readStaffForm({ ...target, staff: next ?? current, ...(participant ? { participant } : {}) });
  return { form, submittedAt: at, hasAccount: await hasAccount(current.email), ...(next ? {} : { unchanged: true }) };
}
