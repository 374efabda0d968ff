import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { getEntity, membershipsOf } from '../directory/public';
import type { RegisteredPerson } from '../common/claims';
import type {
  ParentForm,
  ParentUpdate,
  ProfileFormResponse,
  UpdateSubmitResponse,
} from '@shared/rules/parent-form';
import type { Campaign, Participant, ParticipantEvent } from '@shared/schemas/annual-update';
import { ParentSchema, withParticipation, type Parent, type ParentFields } from '@shared/schemas/parent';
import type { AuditEntry } from '@shared/schemas/system';
import { hasAccount } from './account-lookup';
import { getCampaign, getCampaignLock, getParticipant } from './campaign-repository';
import { readParentForm } from './parent-form-view';
import { saveParentUpdate } from './parent-update-repository';
import { consentEntry, currentNoticeVersion, getMessageConsents, messageConsentsPut } from '../directory/public';
import { usableUpdateLink } from './token-repository';
import { NO_SEAT_CHANGES, seatChangesFor, type SeatChanges } from './sign-up-service';
import { coParentAddressChanges, type CoParentAddressChange } from './shared-address-service';
import { answerUnderReview, pendingReviewOf } from './review-service';
import { getPendingChange } from './review-repository';

/**
 * The parent form, reached two ways with the same rules: an emailed link (token, no account) and My Profile
 * (signed in). Loading only reads. Submitting updates that one parent in one transaction, with the committee seats
 * they join or leave, and the co-parents they chose to share their address with (never a co-parent otherwise).
 */
interface FormTarget {
  parent: Parent;
  /** The active campaign and this parent's participant in it, when there is one. */
  campaign?: Campaign;
  participant?: Participant;
}

/**
 * Resolves a link: unknown, malformed or revoked -> TOKEN_INVALID; past its expiry, or its campaign closed ->
 * TOKEN_EXPIRED (docs/product-rules.md, Annual update campaign: "contact the school office"). Reads only.
 */
async function resolveToken(token: string, now: Date): Promise<FormTarget> {
  const { stored, campaign } = await usableUpdateLink(token, now);
  const [parent, participant] = await Promise.all([
    getEntity('PARENT', stored.parentId),
    getParticipant(stored.campaignId, stored.parentId),
  ]);
  // The parent left the directory since the email went out: the link has nothing left to update.
  if (!parent) throw new AppError('TOKEN_INVALID');
  return { parent, campaign, participant };
}

/** The form, showing the values of an answer held for review (shared/rules/annual-update-review.ts) and saying so. */
async function formOf(parent: Parent, campaign?: Campaign, participant?: Participant): Promise<ParentForm> {
  const pending = await pendingReviewOf(campaign, parent);
  const form = await readParentForm(pending?.shown ?? parent, campaign, participant);
  return pending ? { ...form, pendingReview: pending.review } : form;
}

/** The link's form also asks the emails the parent accepts (My Profile asks them in a section of its own). */
async function linkFormOf(parent: Parent, campaign?: Campaign, participant?: Participant): Promise<ParentForm> {
  const [form, messages] = await Promise.all([formOf(parent, campaign, participant), getMessageConsents(personKey(parent.id))]);
  return { ...form, messages };
}

export async function loadByToken(token: string, now = new Date()): Promise<ParentForm> {
  const target = await resolveToken(token, now);
  return linkFormOf(target.parent, target.campaign, target.participant);
}

export async function submitByToken(token: string, input: ParentUpdate, now = new Date()): Promise<UpdateSubmitResponse> {
  const target = await resolveToken(token, now);
  const saved = await applyUpdate(target, input, { kind: 'token', id: target.parent.id }, 'link', now);
  const form = await linkFormOf(saved.parent, target.campaign, saved.participant);
  return {
    form,
    submittedAt: now.toISOString(),
    hasAccount: await hasAccount(saved.parent.email),
    ...(saved.unchanged ? { unchanged: true } : {}),
  };
}

/** The parent records registered under the caller's email; staff-only callers have none (spec: no profile). */
function parentChoices(people: RegisteredPerson[]) {
  const parents = people.filter((p) => p.personType === 'PARENT');
  if (parents.length === 0) throw new AppError('NOT_FOUND');
  return parents.map((p) => ({ parentId: p.personId, displayName: p.displayName }));
}

async function profileTarget(people: RegisteredPerson[], parentId: string | undefined): Promise<FormTarget> {
  const choices = parentChoices(people);
  const chosen = parentId ?? choices[0]!.parentId;
  if (!choices.some((c) => c.parentId === chosen)) throw new AppError('FORBIDDEN');
  const parent = await getEntity('PARENT', chosen);
  if (!parent) throw new AppError('NOT_FOUND');
  const lock = await getCampaignLock();
  const campaign = lock ? await getCampaign(lock.owner) : undefined;
  if (campaign?.status !== 'active') return { parent };
  return { parent, campaign, participant: await getParticipant(campaign.id, parent.id) };
}

export async function loadProfileForm(people: RegisteredPerson[], parentId?: string): Promise<ProfileFormResponse> {
  const target = await profileTarget(people, parentId);
  return {
    form: await formOf(target.parent, target.campaign, target.participant),
    parents: parentChoices(people),
  };
}

export async function submitProfile(
  people: RegisteredPerson[],
  parentId: string | undefined,
  input: ParentUpdate,
  actorId: string,
  now = new Date(),
): Promise<ParentForm> {
  if (parentId === undefined && parentChoices(people).length > 1) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'parentId', issue: 'invalid_type' }]);
  }
  const target = await profileTarget(people, parentId);
  const saved = await applyUpdate(target, input, { kind: 'user', id: actorId }, 'profile', now);
  return formOf(saved.parent, target.campaign, saved.participant);
}

const FIELDS: (keyof ParentFields)[] = [
  'firstName',
  'lastName',
  'phone',
  'address',
  'interests',
  'skills',
  'participation',
  'audiences',
  'preferredLanguage',
];

/** The parent's fields after the answer: email kept, opt-out applied (withParticipation drops the rest). */
function nextParent(current: Parent, input: ParentUpdate, now: Date): Parent {
  const { phone: _phone, address: _address, ...kept } = current;
  const fields = withParticipation(
    {
      ...kept,
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.phone ? { phone: input.phone } : {}),
      ...(input.address ? { address: input.address } : {}),
      interests: input.interests,
      skills: input.skills,
      participation: input.participation,
      preferredLanguage: input.preferredLanguage,
    },
    input.participation,
    input.audiences,
  );
  const result = ParentSchema.safeParse({ ...fields, version: current.version + 1, updatedAt: now.toISOString() });
  if (!result.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      result.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), issue: issue.code })),
    );
  }
  return result.data;
}

/** The audit entries of the answer beyond the parent's own: each co-parent's address, each committee's seat. */
function extraAudits(
  plan: { coParents: CoParentAddressChange[]; seats: SeatChanges },
  actor: AuditEntry['actor'],
  at: string,
): Omit<AuditEntry, 'id'>[] {
  return [
    ...plan.coParents.map(({ current }) => ({
      at,
      actor,
      action: 'parent.addressSharedByCoParent',
      target: { type: 'PARENT', id: current.id },
      fields: ['address'],
    })),
    ...plan.seats.join.map((seat) => ({ at, actor, action: 'committee.signUp', target: { type: 'COMMITTEE', id: seat.committeeId }, fields: ['members'] })),
    ...plan.seats.leave.map((seat) => ({ at, actor, action: 'committee.leave', target: { type: 'COMMITTEE', id: seat.committeeId }, fields: ['members'] })),
  ];
}

/** The person key of a parent's email choices (MESSAGE_CONSENTS, docs/messages.md). */
const personKey = (parentId: string) => `PARENT#${parentId}`;

/**
 * The emails the answer sets, before and after, and the item that stores them when they changed. Applied at once,
 * even when the answer waits for review: consents are the person's own choice (docs/privacy.md, "Messages").
 */
async function messagesChange(parentId: string, input: ParentUpdate, at: string) {
  if (!input.messages) return undefined;
  const before = await getMessageConsents(personKey(parentId));
  const changed = JSON.stringify(before) !== JSON.stringify(input.messages);
  return { before, after: input.messages, ...(changed ? { put: messageConsentsPut(personKey(parentId), input.messages, at) } : {}) };
}

/**
 * The answer held for review is still the one the form showed (`heldSince`): a save replaces it, so one made from a
 * form read before another save was held would silently drop that save's changes (a trial's second tab did). Read
 * before the write, as the parent's version is: two saves in the same instant could still both pass.
 */
async function checkHeldAnswer(target: FormTarget, input: ParentUpdate): Promise<void> {
  if (input.heldSince === undefined || !target.campaign?.review) return;
  const held = await getPendingChange(target.campaign.id, target.parent.id);
  if ((held?.submittedAt ?? null) !== input.heldSince) throw new AppError('CONFLICT', [{ path: 'heldSince', issue: 'stale' }]);
}

async function applyUpdate(
  target: FormTarget,
  input: ParentUpdate,
  actor: AuditEntry['actor'],
  via: 'link' | 'profile',
  now: Date,
): Promise<{ parent: Parent; participant?: Participant; unchanged: boolean }> {
  const current = target.parent;
  if (input.version !== current.version) throw new AppError('CONFLICT', [{ path: 'version', issue: 'stale' }]);
  await checkHeldAnswer(target, input);
  const optedOut = input.participation === 'nameOnly';
  const at = now.toISOString();
  const review = answerUnderReview(target.campaign, {
    current, candidate: nextParent(current, input, now), optedOut, shareAddressWith: input.shareAddressWith.map((s) => s.parentId),
  }, via, actor, at);
  const candidate = review?.published ?? nextParent(current, input, now);
  const changed = FIELDS.filter((f) => JSON.stringify(current[f]) !== JSON.stringify(candidate[f]));
  const heldSeats = await membershipsOf('PARENT', current.id);
  const removeSeats = optedOut ? heldSeats : [];
  const seats = optedOut ? NO_SEAT_CHANGES : await seatChangesFor(current.id, input.committees, heldSeats, now);
  const coParents = review?.addressHeld ? [] : await coParentAddressChanges(current, candidate, input.shareAddressWith, now);
  const seatFields = removeSeats.length + seats.join.length + seats.leave.length > 0 ? ['committees'] : [];
  const next = changed.length > 0 || seatFields.length > 0 ? candidate : undefined;

  const messages = await messagesChange(current.id, input, at);
  const before = target.participant;
  const events: ParticipantEvent[] = [{ at, event: 'submitted', via }];
  if (before && optedOut !== before.optedOut) events.push({ at, event: optedOut ? 'optedOut' : 'optedIn', via });

  await saveParentUpdate({
    current,
    next,
    removeSeats,
    seats,
    coParents,
    ...(before ? { participant: { before, optedOut, events } } : {}),
    consent: consentEntry(current.id, current, next ?? current, {
      by: via === 'link' ? 'linkHolder' : 'parent',
      channel: via === 'link' ? 'updateLink' : 'myProfile',
      at,
      noticeVersion: await currentNoticeVersion(),
      language: input.noticeLanguage ?? input.preferredLanguage,
    }, messages),
    audit: {
      at,
      actor,
      action: via === 'link' ? 'parent.updateByLink' : 'parent.updateProfile',
      target: { type: 'PARENT', id: current.id },
      fields: [...changed, ...seatFields],
    },
    extraAudits: [...extraAudits({ coParents, seats }, actor, at), ...(review?.audits ?? [])],
    extraItems: [...(review?.items ?? []), ...(messages?.put ? [messages.put] : [])],
    now,
  });
  logger.info('parent form saved', {
    parentId: current.id,
    via,
    changed: changed.length,
    seatsRemoved: removeSeats.length + seats.leave.length,
    seatsJoined: seats.join.length,
    coParentsUpdated: coParents.length,
  });
  const participant = before && {
    ...before,
    submittedAt: before.submittedAt ?? at,
    optedOut,
    lastActivityAt: at,
    history: [...(before.history ?? []), ...events],
  };
  // Nothing the directory, the review, the committees, the co-parents or the email choices hold moved: the parent
  // confirmed what the school has (the success page says so instead of « your changes show »).
  const unchanged = !next && !messages?.put && coParents.length === 0 && (review?.audits.length ?? 0) === 0;
  return { parent: next ?? current, ...(participant ? { participant } : {}), unchanged };
}
