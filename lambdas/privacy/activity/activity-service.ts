import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { encodeTime } from 'ulid';
import { ACTIVITY_LIMIT, MEMBER_HIDDEN_FIELDS, type ActivityEntry } from '@shared/contracts/privacy-activity-api';
import { AuditEntrySchema, type AuditEntry } from '@shared/schemas/system';
import type { Caller, RegisteredPerson } from '../../common/claims';
import { documentClient, tableName } from '../../common/dynamo';
import { keys } from '../../common/keys';
import { getEntity } from '../../directory/public';

/**
 * A parent's view of the audit trail about them (docs/privacy.md, "Transparency for parents"): the entries filed
 * under their parent record, plus the directory exports taken since the record exists (each one carried it).
 * Their own changes (My Profile, the update link) are left out: they know about those.
 */

/** The audit index partition of a target (lambdas/common/keys.ts `audit`). */
const auditTargetPartition = (type: string, id: string) => keys.audit('', '', type, id).gsi1pk;

/** Newest entries first under one target, from `sinceId` (a ULID prefix) on when given. */
async function entriesAbout(partition: string, sinceId?: string): Promise<AuditEntry[]> {
  const page = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: sinceId ? 'gsi1pk = :pk AND gsi1sk >= :since' : 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': partition, ...(sinceId ? { ':since': sinceId } : {}) },
      ScanIndexForward: false,
      Limit: ACTIVITY_LIMIT,
    }),
  );
  return (page.Items ?? []).flatMap((item) => {
    const parsed = AuditEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The act in the parent's words: a review decision is about the parent's own change, not the administrator's. */
const DECISIONS: Record<string, ActivityEntry['kind']> = { 'parent.reviewAccepted': 'accepted', 'parent.reviewRejected': 'rejected' };
/** The co-parent's new address shared with this parent's record (lambdas/annual-update/parent-form-service.ts). */
const SHARED_BY_CO_PARENT = 'parent.addressSharedByCoParent';

function kindOf(action: string): ActivityEntry['kind'] {
  if (action.startsWith('export.')) return 'exported';
  if (action === SHARED_BY_CO_PARENT) return 'addressShared';
  const decision = DECISIONS[action];
  if (decision) return decision;
  return ['parent.create', 'parent.importCreate', 'progression.parentAdd'].includes(action) ? 'created' : 'changed';
}

/** The entry as the parent sees it: when, the role, what kind of act; never the actor's id. */
function toActivity(entry: AuditEntry): ActivityEntry {
  const kind = kindOf(entry.action);
  return {
    at: entry.at,
    role: entry.action === SHARED_BY_CO_PARENT ? 'coParent' : entry.actor.kind === 'system' ? 'system' : 'administrator',
    kind,
    ...(kind === 'exported' ? { format: entry.action.endsWith('json') ? 'json' : 'csv' } : {}),
    ...(entry.fields?.length ? { fields: entry.fields } : {}),
  };
}

/**
 * The entry without the fields a member never reads (the safety restriction); no entry when it changed only
 * those, so an administrator's restriction reads as nothing.
 */
function memberFacing(entry: AuditEntry): AuditEntry[] {
  if (!entry.fields?.length) return [entry];
  const fields = entry.fields.filter((field) => !MEMBER_HIDDEN_FIELDS.includes(field));
  return fields.length > 0 ? [{ ...entry, fields }] : [];
}

/**
 * Entries someone else made: not the caller's own account, not an update link (the parent's own hand), except the
 * co-parent's shared address, which their own link or account wrote on this parent's record.
 */
const byOthers = (caller: Caller) => (entry: AuditEntry) =>
  entry.action === SHARED_BY_CO_PARENT || (entry.actor.kind !== 'token' && !(entry.actor.kind === 'user' && entry.actor.id === caller.sub));

async function activityOfParent(parentId: string, caller: Caller): Promise<AuditEntry[]> {
  const record = await getEntity('PARENT', parentId);
  if (!record) return [];
  const since = encodeTime(Date.parse(record.createdAt), 10);
  const [own, exports] = await Promise.all([
    entriesAbout(auditTargetPartition('PARENT', parentId)),
    entriesAbout(auditTargetPartition('DIRECTORY', 'export'), since),
  ]);
  return [...own, ...exports.filter((entry) => entry.action.startsWith('export.'))].filter(byOthers(caller));
}

/** The caller's activity over all their parent records (one email may hold two), newest first, bounded. */
export async function myActivity(people: readonly RegisteredPerson[], caller: Caller): Promise<ActivityEntry[]> {
  const parentIds = people.filter((person) => person.personType === 'PARENT').map((person) => person.personId);
  const lists = await Promise.all(parentIds.map((id) => activityOfParent(id, caller)));
  const unique = new Map(lists.flat().map((entry) => [entry.id, entry]));
  return [...unique.values()]
    .sort((a, b) => b.id.localeCompare(a.id))
    .flatMap(memberFacing)
    .slice(0, ACTIVITY_LIMIT)
    .map(toActivity);
}
