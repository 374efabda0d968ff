import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, putRequests } from '../common/batch';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { queryAll } from '../common/query';
import { cancellationCodes, conditionalUpdate, isWriteConflict, type TransactItem } from '../common/transact';
import type { Participant, ParticipantEvent, UpdateToken } from '@shared/schemas/annual-update';
import type { SendJob, SendJobEntry, SendJobStatus } from '@shared/schemas/send-job';
import { campaignKey, parseSendJob, parseSendJobEntry, sendJobEntryItem, sendJobItem } from './items';
import { tokenDelete, tokenPut, tokenReplacedByEmail } from './token-repository';

/**
 * Send jobs (docs/annual-update.md): the header in the campaign's partition, one entry per parent in the job's
 * own partition. Every state change of an entry is a conditional write on its current state, in the same
 * transaction as the participant, token and count changes it causes.
 */

export type CreateJobOutcome = 'created' | 'busy' | 'inactive';

/**
 * Writes the entries first, then commits: the header and the campaign's `activeJobId` in one transaction
 * (one job at a time). A crash before the commit leaves entries nobody refers to; TTL removes them.
 */
export async function createSendJob(job: SendJob, entries: SendJobEntry[], remindersSent?: number[]): Promise<CreateJobOutcome> {
  await batchWriteAll(putRequests(entries.map(sendJobEntryItem)));
  // An automatic reminder marks its offsets on the campaign with the job, so it is started once only.
  const marks = remindersSent ? ', remindersSent = :sent' : '';
  try {
    await transact([
      { Put: { TableName: tableName(), Item: sendJobItem(job), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: tableName(),
          Key: campaignKey(job.campaignId),
          UpdateExpression: `SET activeJobId = :job${marks}`,
          ConditionExpression: '#status = :active AND attribute_not_exists(activeJobId)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':job': job.jobId, ':active': 'active', ...(remindersSent ? { ':sent': remindersSent } : {}) },
        },
      },
    ]);
    return 'created';
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
    const campaign = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: campaignKey(job.campaignId), ConsistentRead: true }),
    );
    return campaign.Item?.status === 'active' ? 'busy' : 'inactive';
  }
}

export async function getSendJob(campaignId: string, jobId: string): Promise<SendJob | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.sendJob(campaignId, jobId), ConsistentRead: true }),
  );
  return result.Item ? parseSendJob(result.Item) : undefined;
}

/** All entries of a job (a few thousand small items at most, one or two pages), strongly consistent. */
export async function listSendJobEntries(jobId: string): Promise<SendJobEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sendJobEntriesPk(jobId) },
    ConsistentRead: true,
  });
  return items.map(parseSendJobEntry);
}

/** One worker per job: the lease lapses on its own if the worker dies (epoch ms). */
export function acquireJobLease(job: SendJob, owner: string, nowMs: number, leaseMs: number): Promise<boolean> {
  return conditionalUpdate({
    Key: keys.sendJob(job.campaignId, job.jobId),
    UpdateExpression: 'SET leaseOwner = :owner, leaseUntil = :until',
    ConditionExpression: '#status = :running AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':owner': owner, ':until': nowMs + leaseMs, ':now': nowMs, ':running': 'running' },
  });
}

export async function releaseJobLease(job: SendJob, owner: string, now: Date): Promise<void> {
  await conditionalUpdate({
    Key: keys.sendJob(job.campaignId, job.jobId),
    UpdateExpression: 'SET updatedAt = :now REMOVE leaseOwner, leaseUntil',
    ConditionExpression: 'leaseOwner = :owner',
    ExpressionAttributeValues: { ':owner': owner, ':now': now.toISOString() },
  });
}

/** Ends a job and frees the campaign for the next one, by the lease holder only. */
export async function finishSendJob(job: SendJob, owner: string, status: SendJobStatus, now: Date): Promise<void> {
  await transact([
    {
      Update: {
        TableName: tableName(),
        Key: keys.sendJob(job.campaignId, job.jobId),
        UpdateExpression: 'SET #status = :status, completedAt = :now, updatedAt = :now REMOVE leaseOwner, leaseUntil',
        ConditionExpression: 'leaseOwner = :owner',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':now': now.toISOString(), ':owner': owner },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: campaignKey(job.campaignId),
        UpdateExpression: 'REMOVE activeJobId',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(activeJobId) OR activeJobId = :job)',
        ExpressionAttributeValues: { ':job': job.jobId },
      },
    },
  ]);
}

/**
 * Claims an entry for one SES call: pending (or failed) -> sending, attempts + 1, conditional on the state and
 * attempt count just read, together with the new link's token item. False when another worker got it.
 */
export async function claimEntry(entry: SendJobEntry, token: UpdateToken, now: Date): Promise<boolean> {
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.sendJobEntry(entry.jobId, entry.parentId),
          UpdateExpression: 'SET #state = :sending, attempts = attempts + :one, tokenHash = :hash, updatedAt = :now',
          ConditionExpression: '#state = :seen AND attempts = :attempts',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':sending': 'sending',
            ':seen': entry.state,
            ':attempts': entry.attempts,
            ':one': 1,
            ':hash': token.tokenHash,
            ':now': now.toISOString(),
          },
        },
      },
      tokenPut(token),
    ]);
    return true;
  } catch (error) {
    if (isWriteConflict(error)) return false;
    throw error;
  }
}

export interface DeliveryRecord {
  entry: SendJobEntry;
  /** The participant as read just before; its `emailsSent` guards the counts. */
  participant: Participant;
  /** Hash of the link that went out (or may have). */
  tokenHash: string;
  outcome: 'sent' | 'uncertain';
  event: ParticipantEvent;
  now: Date;
  /** Whether the participant's previous link (`participant.tokenHash`) is still stored, read just before. */
  previousStored?: boolean;
}

/**
 * sending -> sent (or uncertain) and the link switch, in one transaction: the participant points at the new
 * link, the previous link is marked replaced (it stops working and says why), counts move once (campaign `emailsSent` on the first email).
 * 'done' when recorded or already recorded by someone else; 'stale' when the participant changed since it was
 * read (read it again and retry).
 */
export async function recordDelivery(record: DeliveryRecord): Promise<'done' | 'stale'> {
  const { entry, participant, tokenHash, now } = record;
  const first = participant.emailsSent === 0;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.sendJobEntry(entry.jobId, entry.parentId),
        UpdateExpression: 'SET #state = :outcome, updatedAt = :now',
        ConditionExpression: '#state = :sending AND tokenHash = :hash',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':outcome': record.outcome,
          ':sending': 'sending',
          ':hash': tokenHash,
          ':now': now.toISOString(),
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.participant(participant.campaignId, participant.parentId),
        UpdateExpression:
          'SET tokenHash = :hash, emailSentAt = if_not_exists(emailSentAt, :now), lastActivityAt = :now, ' +
          'emailsSent = emailsSent + :one, history = list_append(if_not_exists(history, :empty), :event)',
        ConditionExpression: 'attribute_exists(pk) AND emailsSent = :seen',
        ExpressionAttributeValues: {
          ':hash': tokenHash,
          ':now': now.toISOString(),
          ':one': 1,
          ':seen': participant.emailsSent,
          ':empty': [],
          ':event': [record.event],
        },
      },
    },
  ];
  // The previous email's link stops working and says a newer email replaced it; one TTL already removed needs nothing.
  if (record.previousStored && participant.tokenHash && participant.tokenHash !== tokenHash) {
    items.push(tokenReplacedByEmail(participant.tokenHash, now.toISOString()));
  }
  if (first) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: campaignKey(participant.campaignId),
        // A staff member's first email counts apart (docs/annual-update.md, "Staff").
        UpdateExpression: participant.kind === 'staff' ? 'ADD staffEmailsSent :one' : 'ADD emailsSent :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    });
  }
  try {
    await transact(items);
    return 'done';
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return 'done';
    return 'stale';
  }
}

/**
 * sending -> failed after SES refused the email: the unsent link is deleted (the previous one keeps working),
 * the failure is counted on the participant. Retried by a later chunk while attempts remain.
 */
export async function recordFailure(
  campaignId: string,
  entry: SendJobEntry,
  tokenHash: string,
  event: ParticipantEvent,
  now: Date,
): Promise<void> {
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.sendJobEntry(entry.jobId, entry.parentId),
          UpdateExpression: 'SET #state = :failed, lastError = :error, updatedAt = :now REMOVE tokenHash',
          ConditionExpression: '#state = :sending AND tokenHash = :hash',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':failed': 'failed',
            ':sending': 'sending',
            ':hash': tokenHash,
            ':error': event.error ?? 'Error',
            ':now': now.toISOString(),
          },
        },
      },
      tokenDelete(tokenHash),
      {
        Update: {
          TableName: tableName(),
          Key: keys.participant(campaignId, entry.parentId),
          UpdateExpression:
            'SET sendFailures = if_not_exists(sendFailures, :zero) + :one, lastSendError = :error, ' +
            'lastActivityAt = :now, history = list_append(if_not_exists(history, :empty), :event)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':error': event.error ?? 'Error',
            ':now': now.toISOString(),
            ':empty': [],
            ':event': [event],
          },
        },
      },
    ]);
  } catch (error) {
    // Someone else already moved the entry on: nothing left to record.
    if (!isWriteConflict(error)) throw error;
  }
}

/** pending/failed -> skipped: nothing to send any more. */
export async function skipEntry(entry: SendJobEntry, reason: string, now: Date): Promise<void> {
  await conditionalUpdate({
    Key: keys.sendJobEntry(entry.jobId, entry.parentId),
    UpdateExpression: 'SET #state = :skipped, lastError = :reason, updatedAt = :now',
    ConditionExpression: '#state = :seen AND attempts = :attempts',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: {
      ':skipped': 'skipped',
      ':reason': reason,
      ':now': now.toISOString(),
      ':seen': entry.state,
      ':attempts': entry.attempts,
    },
  });
}

async function transact(items: TransactItem[]): Promise<void> {
  await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
}
