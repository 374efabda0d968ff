import { AppError } from '../common/errors';
import { auditPut } from '../common/audit';
import { logger } from '../common/logger';
import { conditionalPutItem, transactWrite, type TransactItem } from '../common/transact';
import { keys } from '../common/keys';
import { tableName } from '../common/dynamo';
import { entityItem } from '../directory/public';
import { getEntity, getSettings } from '../directory/public';
import { defaultMailer, sendErrorName, type Mailer } from '../common/mailer';
import { reviewRejectedEmail } from './email/review-rejected-email';
import { registryTransactItems } from '../registry/public';
import {
  REVIEWED_FIELDS,
  type PendingChange,
  type PendingField,
  type ReviewDecisionRequestSchema,
  type ReviewDecisionResponse,
  type ReviewItem,
  type ReviewListResponse,
  type ReviewValue,
  type ReviewedField,
} from '@shared/rules/annual-update-review';
import type { Campaign, ParticipantEvent } from '@shared/schemas/annual-update';
import { ParentSchema, type Parent } from '@shared/schemas/parent';
import type { AuditEntry } from '@shared/schemas/system';
import type * as z from 'zod';
import { getCampaign, getParticipant } from './campaign-repository';
import { decidePendingItem, deletePendingItem, getPendingChange, listPendingChanges, putPendingItem } from './review-repository';
import { coParentAddressChanges } from './shared-address-service';

/**
 * Review before publishing (docs/annual-update.md): the parent's answer to the reviewed fields is held as one
 * pending change; an administrator accepts or rejects each field; accepted fields are published in one
 * transaction with the parent's version checked, rejected ones dropped.
 */

type Fields = Partial<Record<(typeof REVIEWED_FIELDS)[number], ReviewValue>>;
const valueOf = (parent: Parent, field: PendingField['field']): ReviewValue | undefined => (parent as Fields)[field];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether an answer to this campaign is held: review on, campaign active, and not an opt-out (applied at once). */
export function holdsAnswers(campaign: Campaign | undefined, optedOut: boolean): boolean {
  return campaign?.status === 'active' && campaign.review === true && !optedOut;
}

/** `parent` with `field` set to `value` (absent value: the field removed). */
function withValue(parent: Parent, field: PendingField['field'], value: ReviewValue | undefined): Parent {
  const next = { ...parent } as Record<string, unknown>;
  if (value === undefined) delete next[field];
  else next[field] = value;
  return next as Parent;
}

/**
 * Splits an answer: what is published now (the candidate with every reviewed field kept as published) and the
 * reviewed fields it changes (old and new values).
 */
export function holdForReview(current: Parent, candidate: Parent): { published: Parent; changes: PendingField[] } {
  let published = candidate;
  const changes: PendingField[] = [];
  for (const field of REVIEWED_FIELDS) {
    const [old, value] = [valueOf(current, field), valueOf(candidate, field)];
    if (same(old, value)) continue;
    changes.push({ field, ...(old === undefined ? {} : { old }), ...(value === undefined ? {} : { new: value }) });
    published = withValue(published, field, old);
  }
  return { published, changes };
}

/**
 * The transaction element of a held answer: the new pending change (replacing any earlier one), or its removal
 * when the answer changes no reviewed field or is an opt-out.
 */
export function pendingItemFor(
  campaign: Campaign,
  parentId: string,
  held: { changes: PendingField[]; baseVersion: number; shareAddressWith: string[] } | undefined,
  via: PendingChange['via'],
  at: string,
): TransactItem {
  if (!held || held.changes.length === 0) return deletePendingItem(campaign.id, parentId);
  const shares = held.changes.some((c) => c.field === 'address') && held.shareAddressWith.length > 0;
  return putPendingItem({
    campaignId: campaign.id,
    parentId,
    baseVersion: held.baseVersion,
    submittedAt: at,
    via,
    changes: held.changes,
    ...(shares ? { shareAddressWith: held.shareAddressWith } : {}),
  });
}

/** The parent's form shows the values sent while they wait (the published version stays the form's version). */
export async function pendingReviewOf(campaign: Campaign | undefined, parent: Parent) {
  if (!campaign?.review) return undefined;
  const pending = await getPendingChange(campaign.id, parent.id);
  if (!pending) return undefined;
  let shown = parent;
  for (const change of pending.changes) shown = withValue(shown, change.field, change.new);
  return { shown, review: { submittedAt: pending.submittedAt, fields: pending.changes.map((c) => c.field) } };
}

function reviewItem(pending: PendingChange, parent: Parent): ReviewItem {
  return {
    parentId: parent.id,
    firstName: parent.firstName,
    lastName: parent.lastName,
    version: parent.version,
    submittedAt: pending.submittedAt,
    changes: pending.changes.map((c) => {
      const old = valueOf(parent, c.field);
      return { field: c.field, ...(old === undefined ? {} : { old }), ...(c.new === undefined ? {} : { new: c.new }) };
    }),
  };
}

async function campaignOrNotFound(campaignId: string): Promise<Campaign> {
  const campaign = await getCampaign(campaignId);
  if (!campaign) throw new AppError('NOT_FOUND');
  return campaign;
}

/** The review queue, oldest answer first; `old` is the value published now. A parent removed since is left out. */
export async function listReviews(campaignId: string): Promise<ReviewListResponse> {
  await campaignOrNotFound(campaignId);
  const pending = await listPendingChanges(campaignId);
  const parents = await Promise.all(pending.map((p) => getEntity('PARENT', p.parentId)));
  const items = pending.flatMap((p, i) => (parents[i] ? [reviewItem(p, parents[i])] : []));
  return { items: items.sort((a, b) => a.submittedAt.localeCompare(b.submittedAt)) };
}

type Decision = z.output<typeof ReviewDecisionRequestSchema>;

/** The parent with the accepted fields published; a value that no longer fits the record is VALIDATION_FAILED. */
function acceptedParent(parent: Parent, pending: PendingChange, accept: Decision['accept'], now: Date): Parent {
  let next = parent;
  for (const field of accept) next = withValue(next, field, pending.changes.find((c) => c.field === field)!.new);
  const result = ParentSchema.safeParse({ ...next, version: parent.version + 1, updatedAt: now.toISOString() });
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', result.error.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), issue: i.code })));
  }
  return result.data;
}

/** The co-parents the accepted address is also saved on, each at the version read now. */
async function sharedAddressItems(parent: Parent, next: Parent, pending: PendingChange, accept: Decision['accept'], now: Date) {
  if (!accept.includes('address') || !pending.shareAddressWith?.length) return [];
  const found = await Promise.all(pending.shareAddressWith.map((id) => getEntity('PARENT', id)));
  const chosen = found.flatMap((p) => (p ? [{ parentId: p.id, version: p.version }] : []));
  const changes = await coParentAddressChanges(parent, next, chosen, now);
  return changes.map((co) => conditionalPutItem(entityItem('PARENT', co.next), { expectedVersion: co.current.version }));
}

/** The parent still at the version the administrator saw, when nothing of theirs is written. */
const versionCheck = (parent: Parent): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: keys.entity('PARENT', parent.id),
    ConditionExpression: '#version = :expected',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':expected': parent.version },
  },
});

async function readDecisionTarget(campaignId: string, parentId: string, decision: Decision) {
  await campaignOrNotFound(campaignId);
  const [pending, parent] = await Promise.all([getPendingChange(campaignId, parentId), getEntity('PARENT', parentId)]);
  if (!pending || !parent) throw new AppError('NOT_FOUND');
  if (parent.version !== decision.version || pending.submittedAt !== decision.submittedAt) {
    throw new AppError('CONFLICT', [{ path: 'version', issue: 'stale' }]);
  }
  const held = new Set(pending.changes.map((c) => c.field));
  const unknown = [...decision.accept, ...decision.reject].find((f) => !held.has(f));
  if (unknown) throw new AppError('VALIDATION_FAILED', [{ path: 'accept', issue: 'not_pending' }]);
  return { pending, parent };
}

/**
 * Publishes the accepted fields and drops the rejected ones, in ONE transaction: the parent (version-checked),
 * their registry entry if the name changed, co-parents sharing an accepted address, the pending change (still
 * the one seen: replaced by what stays pending, or deleted) and the audit entries. CONFLICT on any lost race.
 */
export async function decideReview(
  campaignId: string,
  parentId: string,
  decision: Decision,
  actorId: string,
  now = new Date(),
  mailer: Mailer = defaultMailer(),
): Promise<ReviewDecisionResponse> {
  const { pending, parent } = await readDecisionTarget(campaignId, parentId, decision);
  const next = decision.accept.length > 0 ? acceptedParent(parent, pending, decision.accept, now) : undefined;
  const decided = new Set([...decision.accept, ...decision.reject]);
  const left = pending.changes.filter((c) => !decided.has(c.field));
  const remaining = left.length > 0 ? { ...pending, changes: left } : undefined;
  const at = now.toISOString();
  const actor: AuditEntry['actor'] = { kind: 'user', id: actorId };
  const target = { type: 'PARENT', id: parentId };
  const items: TransactItem[] = next
    ? [
        conditionalPutItem(entityItem('PARENT', next), { expectedVersion: parent.version }),
        ...registryTransactItems('PARENT', parentId, parent, next),
        ...(await sharedAddressItems(parent, next, pending, decision.accept, now)),
      ]
    : [versionCheck(parent)];
  items.push(decidePendingItem(pending, remaining));
  const history = await decisionHistoryItem(campaignId, parentId, decision, at);
  if (history) items.push(history);
  if (decision.accept.length) items.push(auditPut({ at, actor, action: 'parent.reviewAccepted', target, fields: decision.accept }));
  if (decision.reject.length) items.push(auditPut({ at, actor, action: 'parent.reviewRejected', target, fields: decision.reject }));
  await transactWrite(items);
  logger.info('review decided', { parentId, accepted: decision.accept.length, rejected: decision.reject.length, left: left.length });
  if (decision.reject.length > 0) await tellRejected(next ?? parent, decision.reject, mailer);
  return { item: remaining ? reviewItem(remaining, next ?? parent) : null };
}

/**
 * The decision in the parent's campaign history (the participants' « Historique »; My data): which kinds of
 * information were published or not, never the values. None for a parent who is not a participant (added after
 * the start, answering from My Profile).
 */
async function decisionHistoryItem(campaignId: string, parentId: string, decision: Decision, at: string): Promise<TransactItem | undefined> {
  if (!(await getParticipant(campaignId, parentId))) return undefined;
  const events: ParticipantEvent[] = [
    ...(decision.accept.length ? [{ at, event: 'reviewAccepted' as const, fields: [...decision.accept] }] : []),
    ...(decision.reject.length ? [{ at, event: 'reviewRejected' as const, fields: [...decision.reject] }] : []),
  ];
  return {
    Update: {
      TableName: tableName(),
      Key: keys.participant(campaignId, parentId),
      UpdateExpression: 'SET history = list_append(if_not_exists(history, :empty), :events)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':empty': [], ':events': events },
    },
  };
}

/**
 * Tells the parent which kinds of information were not published (never the values), once the decision is saved:
 * a failed email is logged without the address and never undoes the decision.
 */
async function tellRejected(parent: Parent, fields: readonly ReviewedField[], mailer: Mailer): Promise<void> {
  if (!parent.email) return;
  const settings = await getSettings();
  const ordered = REVIEWED_FIELDS.filter((field) => fields.includes(field));
  try {
    await mailer.send(
      reviewRejectedEmail(parent.email, {
        locale: parent.preferredLanguage ?? 'fr',
        firstName: parent.firstName,
        schoolName: settings?.schoolName ?? '',
        fields: ordered,
        contact: { email: settings?.contact.email, phone: settings?.contact.phone },
      }),
    );
  } catch (error) {
    logger.warn('review rejection email failed', { errorName: sendErrorName(error) });
  }
}

/** What review changes in a parent's answer (parent-form-service.ts): see `answerUnderReview`. */
export interface AnswerReview {
  /** The parent as published now: the answer with every reviewed field kept as it was. */
  published: Parent;
  /** The address is held: co-parents get it only if it is accepted. */
  addressHeld: boolean;
  /** The pending change written, replaced or removed, in the answer's own transaction. */
  items: TransactItem[];
  audits: Omit<AuditEntry, 'id'>[];
}

/**
 * The answer of a parent while the campaign reviews answers (undefined: review off or no active campaign).
 * An opt-out is applied at once and removes any held answer (docs/decisions/review-before-publishing.md, "Review before publishing").
 */
export function answerUnderReview(
  campaign: Campaign | undefined,
  answer: { current: Parent; candidate: Parent; optedOut: boolean; shareAddressWith: string[] },
  via: PendingChange['via'],
  actor: AuditEntry['actor'],
  at: string,
): AnswerReview | undefined {
  if (campaign?.status !== 'active' || campaign.review !== true) return undefined;
  const { current, candidate, optedOut, shareAddressWith } = answer;
  if (!holdsAnswers(campaign, optedOut)) {
    return { published: candidate, addressHeld: false, items: [deletePendingItem(campaign.id, current.id)], audits: [] };
  }
  const { published, changes } = holdForReview(current, candidate);
  const item = pendingItemFor(campaign, current.id, { changes, baseVersion: current.version, shareAddressWith }, via, at);
  const fields = changes.map((c) => c.field);
  return {
    published,
    addressHeld: fields.includes('address'),
    items: [item],
    audits: fields.length
      ? [{ at, actor, action: 'parent.changeHeldForReview', target: { type: 'PARENT', id: current.id }, fields }]
      : [],
  };
}
