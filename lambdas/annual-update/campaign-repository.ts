import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, deleteRequests, putRequests } from '../common/batch';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { queryAll, type Db } from '../common/query';
import { auditPut } from '../common/audit';
import { AppError } from '../common/errors';
import { cancellationCodes, conditionalUpdate, isWriteConflict, transactWrite } from '../common/transact';
import { TABLE_INDEXES } from '@shared/schemas/table-schema';
import type { Campaign, Participant } from '@shared/schemas/annual-update';
import { LockSchema, type AuditEntry, type Lock } from '@shared/schemas/system';
import { campaignItem, campaignKey, parseCampaign, parseParticipant, participantItem } from './items';

/** Campaign header, its lock, its year marker and its participants: docs/data-model.md patterns 18 to 20, 24. */

/** Held from the start of a campaign until it completes: one campaign at a time (pattern 20). */
export const CAMPAIGN_LOCK = 'annual-update';

/** The lock of the open campaign, if any (`db`: another client, e.g. the progression's, which tests can fail). */
export async function getCampaignLock(db: Db = documentClient()): Promise<Lock | undefined> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.lock(CAMPAIGN_LOCK), ConsistentRead: true }),
  );
  return result.Item ? LockSchema.parse(result.Item) : undefined;
}

export async function getCampaign(campaignId: string): Promise<Campaign | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: campaignKey(campaignId), ConsistentRead: true }),
  );
  return result.Item ? parseCampaign(result.Item) : undefined;
}

/**
 * The campaign the admin screen shows: the one holding the lock (strongly consistent), else the latest by id
 * (pattern 18, gsi1, eventually consistent; only completed campaigns are found this way).
 */
export async function currentCampaign(): Promise<Campaign | undefined> {
  const lock = await getCampaignLock();
  if (lock) return getCampaign(lock.owner);
  const latest = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE_INDEXES.byPerson.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.campaignsGsi() },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const id = latest.Items?.[0]?.id as string | undefined;
  return id ? getCampaign(id) : undefined;
}

export type CreateCampaignOutcome = 'created' | 'locked' | 'yearTaken';

/**
 * Pattern 20: the campaign (pending, with its start lease), the lock and the year marker in one transaction.
 * A lost race or an existing campaign shows in which condition failed.
 */
export async function createCampaign(campaign: Campaign, now: Date): Promise<CreateCampaignOutcome> {
  const lock: Lock = { name: CAMPAIGN_LOCK, owner: campaign.id, acquiredAt: now.toISOString() };
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: campaignItem(campaign), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.lock(CAMPAIGN_LOCK), type: 'LOCK', ...lock },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.campaignYear(campaign.schoolYear), type: 'CAMPAIGN_YEAR', campaignId: campaign.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
    const reasons = cancellationCodes(error) ?? [];
    return reasons[2] === 'ConditionalCheckFailed' && reasons[1] !== 'ConditionalCheckFailed'
      ? 'yearTaken'
      : 'locked';
  }
}

/** Takes the start lease of a pending campaign whose previous holder is gone (lease lapsed). */
export async function acquireStartLease(campaignId: string, owner: string, nowMs: number, leaseMs: number) {
  return conditionalUpdate({
    Key: campaignKey(campaignId),
    UpdateExpression: 'SET leaseOwner = :owner, leaseUntil = :until',
    ConditionExpression: '#status = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':owner': owner, ':until': nowMs + leaseMs, ':now': nowMs, ':pending': 'pending' },
  });
}

/** Pattern 19 (participants only). Strongly consistent: the start and the send jobs decide from it. */
export async function listParticipants(campaignId: string): Promise<Participant[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.campaignPk(campaignId), ':prefix': keys.participantPrefix() },
    ConsistentRead: true,
  });
  return items.map(parseParticipant);
}

export async function getParticipant(campaignId: string, parentId: string): Promise<Participant | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.participant(campaignId, parentId), ConsistentRead: true }),
  );
  return result.Item ? parseParticipant(result.Item) : undefined;
}

/**
 * Writes fresh participants (and removes those whose parent left) in bounded BatchWrite chunks. Only ever
 * called while the campaign is pending, when no participant has any progress yet, so overwriting is harmless.
 */
export async function writeParticipants(add: Participant[], remove: Participant[]): Promise<void> {
  // Eight calls in flight (the default is four): the administrator waits on this write (docs/benchmarks.md, "Admin waits").
  await batchWriteAll(
    [...putRequests(add.map(participantItem)), ...deleteRequests(remove.map((p) => keys.participant(p.campaignId, p.parentId)))],
    { concurrency: 8 },
  );
}

/** What a start counted; the staff totals only when the campaign includes staff. */
export interface ParticipantTotals {
  totalParents: number;
  unreachable: number;
  totalStaff?: number;
  staffUnreachable?: number;
}

/** pending -> active, only by the holder of the start lease; the totals are set from the participants. */
export async function activateCampaign(
  campaignId: string,
  owner: string,
  totals: ParticipantTotals,
  now: Date,
): Promise<boolean> {
  const staff = totals.totalStaff === undefined ? '' : 'totalStaff = :totalStaff, staffUnreachable = :staffUnreachable, ';
  return conditionalUpdate({
    Key: campaignKey(campaignId),
    UpdateExpression:
      `SET #status = :active, startedAt = :now, totalParents = :total, unreachable = :unreachable, ${staff}` +
      '#version = #version + :one REMOVE leaseOwner, leaseUntil',
    ConditionExpression: '#status = :pending AND leaseOwner = :owner',
    ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
    ExpressionAttributeValues: {
      ':active': 'active',
      ':pending': 'pending',
      ':owner': owner,
      ':now': now.toISOString(),
      ':total': totals.totalParents,
      ':unreachable': totals.unreachable,
      ':one': 1,
      ...(totals.totalStaff === undefined
        ? {}
        : { ':totalStaff': totals.totalStaff, ':staffUnreachable': totals.staffUnreachable ?? 0 }),
    },
  });
}

/**
 * Pattern 24: -> completed and the lock released, together. A running send job loses its campaign and stops
 * at its next chunk. False when the campaign was already completed.
 */
export async function completeCampaign(campaign: Campaign, audit: Omit<AuditEntry, 'id'>, now: Date): Promise<boolean> {
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: campaignKey(campaign.id),
              UpdateExpression:
                'SET #status = :completed, completedAt = :now, #version = #version + :one ' +
                'REMOVE activeJobId, leaseOwner, leaseUntil',
              ConditionExpression: '#status IN (:pending, :active)',
              ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
              ExpressionAttributeValues: {
                ':completed': 'completed',
                ':pending': 'pending',
                ':active': 'active',
                ':now': now.toISOString(),
                ':one': 1,
              },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.lock(CAMPAIGN_LOCK),
              ConditionExpression: '#owner = :id',
              ExpressionAttributeNames: { '#owner': 'owner' },
              ExpressionAttributeValues: { ':id': campaign.id },
            },
          },
          auditPut(audit),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isWriteConflict(error)) return false;
    throw error;
  }
}

/**
 * The automatic reminders of an active campaign, at the version the administrator saw, with its audit entry; with a
 * new deadline, the reminders counted as sent against it too.
 */
export async function setReminderDays(
  campaign: Campaign,
  reminderDays: number[],
  audit: Omit<AuditEntry, 'id'>,
  schedule?: { deadline: string; remindersSent: number[] },
): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: campaignKey(campaign.id),
          UpdateExpression: `SET reminderDays = :days, #version = #version + :one${schedule ? ', deadline = :deadline, remindersSent = :sent' : ''}`,
          ConditionExpression: '#status = :active AND #version = :expected',
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: {
            ':days': reminderDays,
            ':active': 'active',
            ':expected': campaign.version,
            ':one': 1,
            ...(schedule ? { ':deadline': schedule.deadline, ':sent': schedule.remindersSent } : {}),
          },
        },
      },
      auditPut(audit),
    ]);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return false;
    throw error;
  }
}
