import { ulid } from 'ulid';
import { findDuplicates } from '@shared/rules/duplicates';
import {
  MERGE_UNDO_DAYS,
  type DuplicateSide,
  type DuplicatesResponse,
  type MergeRequest,
  type MergeResponse,
  type MergeSummary,
} from '@shared/contracts/duplicates-api';
import type { Parent } from '@shared/schemas/parent';
import { auditPut } from '../../common/audit';
import { tableName } from '../../common/dynamo';
import { AppError } from '../../common/errors';
import { keys } from '../../common/keys';
import { MAX_TRANSACT_ITEMS, transactWrite, type TransactItem } from '../../common/transact';
import { readCampaignHistory } from '../../annual-update/public';
import { consentEntry, consentPuts, currentNoticeVersion, ENTITY_SCHEMAS, parseItem } from '../../directory/public';
import { readDirectoryConsistent } from '../admin-repository';
import { changedFields, type EditContext } from '../edit/edit-support';
import { canonical } from '../import/same-record';
import { planMerge, type Change, type MergeState } from './merge-plan';
import { directoryItems, getRaw, getRawMany, listMergeRecords, type Item } from './merge-repository';

/**
 * Duplicate parents (docs/product-rules.md, "Duplicates"): the list, the merge in one TransactWrite with its
 * record, and the undo from that record within 30 days. Rules and thresholds: docs/decisions/duplicate-parents-detection-merge-undo.md.
 */

const DAY_SECONDS = 86_400;
/**
 * One transaction holds at most 100 items; one place is left for the write the transaction toolkit may add on
 * its own (the directory version), so a merge counts against 99.
 */
export const MERGE_ITEM_LIMIT = MAX_TRANSACT_ITEMS - 1;

const nameOf = (parent: Pick<Parent, 'firstName' | 'lastName'>) => `${parent.firstName} ${parent.lastName}`;
const parentOf = (item: Item | undefined): Parent | undefined => (item ? parseItem(ENTITY_SCHEMAS.PARENT, item) : undefined);

function summaryOf(item: Item): MergeSummary {
  return {
    id: String(item.id),
    at: String(item.at),
    keepId: String(item.keepId),
    otherId: String(item.otherId),
    keepName: String(item.keepName),
    otherName: String(item.otherName),
    undoUntil: new Date(Number(item.expiresAt) * 1000).toISOString(),
    ...(typeof item.undoneAt === 'string' ? { undoneAt: item.undoneAt } : {}),
  };
}

/** Every likely duplicate pair (shared/rules/duplicates.ts) with what the merge screen shows, and the undoable merges. */
export async function listDuplicates(now: Date): Promise<DuplicatesResponse> {
  const [data, records] = await Promise.all([readDirectoryConsistent(), listMergeRecords()]);
  const parents = new Map(data.parents.map((p) => [p.id, p]));
  const students = new Map(data.students.map((s) => [s.id, s]));
  const side = (id: string): DuplicateSide => ({
    parent: parents.get(id)!,
    children: data.families
      .filter((f) => f.parentId === id && students.has(f.studentId))
      .map((f) => students.get(f.studentId)!)
      .map(({ id: childId, firstName, lastName }) => ({ id: childId, firstName, lastName })),
    seats: data.memberships.filter((m) => m.personType === 'PARENT' && m.personId === id).length,
  });
  const pairs = findDuplicates(data.parents).map((match) => ({
    keep: side(match.ids[0]),
    other: side(match.ids[1]),
    reasons: match.reasons,
    strength: match.strength,
  }));
  // TTL deletion is lazy: an expired record may still be there, and is no longer offered.
  const merges = records.filter((r) => Number(r.expiresAt) * 1000 > now.getTime()).map(summaryOf);
  return { pairs, merges };
}

const condition = (expression: string, version?: number) => ({
  ConditionExpression: expression,
  ...(version !== undefined
    ? { ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':expected': version } }
    : {}),
});

/** The guard on an item the write finds: its version when it has one, else only that it is (still) there. */
function guard(found: Item | undefined) {
  if (!found) return condition('attribute_not_exists(pk)');
  return typeof found.version === 'number' ? condition('#version = :expected', found.version) : condition('attribute_exists(pk)');
}

/** The write that takes one item from `from` to `to` (absent: create or delete), guarded as above. */
function transition(from: Item | undefined, to: Item | undefined): TransactItem {
  if (to) return { Put: { TableName: tableName(), Item: to, ...guard(from) } };
  return { Delete: { TableName: tableName(), Key: { pk: from!.pk, sk: from!.sk }, ...guard(from) } };
}

async function consentItems(parentId: string, before: Parent, after: Parent, ctx: EditContext): Promise<TransactItem[]> {
  const source = { by: 'admin' as const, channel: 'adminScreen' as const, at: ctx.now.toISOString(), language: after.preferredLanguage };
  const entry = consentEntry(parentId, before, after, { ...source, noticeVersion: await currentNoticeVersion() });
  return consentPuts(entry);
}

/** The two parents at the versions the administrator saw, and the raw items around them. */
async function readState(request: MergeRequest): Promise<MergeState> {
  const [directory, campaigns] = await Promise.all([directoryItems(), readCampaignHistory(request.keepId, request.otherId)]);
  const find = (id: string) => parentOf(directory.find((i) => i.type === 'PARENT' && i.id === id));
  const keep = find(request.keepId);
  const other = find(request.otherId);
  if (!keep || !other) throw new AppError('NOT_FOUND');
  if (keep.version !== request.keepVersion || other.version !== request.otherVersion) throw new AppError('CONFLICT');
  const registryKeys = [
    ...(keep.email ? [keys.registry(keep.email, 'PARENT', keep.id)] : []),
    ...(other.email ? [keys.registry(other.email, 'PARENT', other.id), keys.registry(other.email, 'PARENT', keep.id)] : []),
  ];
  const registry = (await getRawMany(registryKeys)).filter((i): i is Item => i !== undefined);
  return { keep, other, directory, registry, campaigns };
}

/**
 * Merges `other` into `keep`: one TransactWrite of every change (version-checked), the merge record (what each
 * item was and became, expiring after the undo window), two audit entries and, when the privacy choice in force
 * changed, a consent log entry. Too many items for one transaction: refused, nothing written.
 */
export async function mergeParents(request: MergeRequest, ctx: EditContext): Promise<MergeResponse> {
  const state = await readState(request);
  const { merged, changes } = planMerge(state, request.choices, ctx.now);
  const id = ulid(ctx.now.getTime());
  const at = ctx.now.toISOString();
  const stored = [...changes.values()];
  const recordItem = {
    ...keys.parentMerge(id),
    type: 'PARENT_MERGE',
    id,
    at,
    actor: ctx.actor,
    keepId: state.keep.id,
    otherId: state.other.id,
    keepName: nameOf(state.keep),
    otherName: nameOf(state.other),
    changes: stored,
    expiresAt: Math.floor(ctx.now.getTime() / 1000) + MERGE_UNDO_DAYS * DAY_SECONDS,
  };
  const actor = ctx.actor;
  const items: TransactItem[] = [
    ...stored.map((change) => transition(change.before, change.after)),
    { Put: { TableName: tableName(), Item: recordItem, ConditionExpression: 'attribute_not_exists(pk)' } },
    auditPut({ at, actor, action: 'parent.merge', target: { type: 'PARENT', id: state.keep.id }, fields: changedFields(state.keep, merged), count: stored.length }),
    auditPut({ at, actor, action: 'parent.mergeRemove', target: { type: 'PARENT', id: state.other.id } }),
    ...(await consentItems(state.keep.id, state.keep, merged, ctx)),
  ];
  if (items.length > MERGE_ITEM_LIMIT) throw new AppError('MERGE_TOO_LARGE');
  await transactWrite(items);
  return { merge: summaryOf(recordItem), record: merged };
}

const sameItem = (a: Item | undefined, b: Item | undefined) => canonical(a ?? null) === canonical(b ?? null);

/**
 * Puts back every item a merge changed, exactly as it was, when nothing the merge wrote has changed since (else
 * MERGE_CHANGED: the undo would erase a later edit). Version-checked again in the transaction; the record is marked
 * undone in it, so two undos cannot both pass. Audited; the consent log records the privacy choice coming back.
 */
export async function undoMerge(mergeId: string, ctx: EditContext): Promise<{ merge: MergeSummary }> {
  const recordItem = await getRaw(keys.parentMerge(mergeId));
  if (!recordItem) throw new AppError('NOT_FOUND');
  if (recordItem.undoneAt) throw new AppError('MERGE_UNDONE');
  if (ctx.now.getTime() >= Number(recordItem.expiresAt) * 1000) throw new AppError('MERGE_EXPIRED');
  const changes = recordItem.changes as Change[];
  const current = await getRawMany(changes.map((c) => (c.after ?? c.before) as { pk: string; sk: string }));
  if (changes.some((change, i) => !sameItem(current[i], change.after))) throw new AppError('MERGE_CHANGED');
  const at = ctx.now.toISOString();
  const keptKey = keys.entity('PARENT', String(recordItem.keepId)).sk;
  const kept = changes.find((c) => c.before?.sk === keptKey);
  const [before, after] = [parentOf(kept?.before), parentOf(kept?.after)];
  const items: TransactItem[] = [
    ...changes.map((change) => transition(change.after, change.before)),
    {
      Update: {
        TableName: tableName(),
        Key: keys.parentMerge(mergeId),
        UpdateExpression: 'SET undoneAt = :at, undoneBy = :by',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(undoneAt)',
        ExpressionAttributeValues: { ':at': at, ':by': ctx.actor },
      },
    },
    auditPut({ at, actor: ctx.actor, action: 'parent.mergeUndo', target: { type: 'PARENT', id: String(recordItem.keepId) }, count: changes.length }),
    ...(before && after ? await consentItems(before.id, after, before, ctx) : []),
  ];
  await transactWrite(items);
  return { merge: summaryOf({ ...recordItem, undoneAt: at }) };
}
