import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, putRequests, type BatchWriteClient } from '../common/batch';
import { tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import type { AuditEntry } from '@shared/schemas/system';
import type { BackupManifest, Progression, ProgressionCounts } from '@shared/schemas/progression';
import { readBackupPart } from './backup';
import { auditPut } from '../common/audit';
import { Expression } from '../common/expression';
import { cancellationCodes, isConditionFailure } from '../common/transact';
import type { Db, Item } from './db';
import { headerKey } from './progression-repository';
import { PlanStepSchema, type PlanStep } from './plan';

/**
 * What the apply stores besides the header: its lock, its plan steps and its backup parts (docs/data-model.md
 * patterns 29 to 31).
 */

/** Held by the request currently running an apply chunk; expires so a killed run cannot block the next. */
export const APPLY_LOCK = 'progression-apply';

export interface StoredStep {
  index: number;
  auditId: string;
  step: PlanStep;
  doneAt?: string;
}

/**
 * How soon a refused applier should ask again (the 409's `Retry-After`). A live holder frees the lock as its chunk
 * ends, a few seconds after it took it (API Gateway, like the local gateway, lets a function finish after its
 * client went away), long before the lease ends: waiting for the lease would leave a page reloaded mid-chunk
 * waiting a minute. Only a killed holder keeps the lock for its whole lease, and asking every few seconds covers
 * that too.
 */
export const LOCK_RETRY_SECONDS = 2;

/**
 * Pattern 30: a conditional put that succeeds when the lock is free or its lease has ended. Returns, when someone
 * else holds it, the seconds to wait before asking again: LOCK_RETRY_SECONDS, or less if the lease ends sooner.
 */
export async function acquireLock(db: Db, owner: string, now: Date, leaseSeconds: number): Promise<number | undefined> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.lock(APPLY_LOCK), type: 'LOCK', name: APPLY_LOCK, owner, acquiredAt: now.toISOString(), expiresAt: nowSeconds + leaseSeconds },
        // A lease ends at its `expiresAt` second (a zero lease is free at once: the kill tests use that).
        ConditionExpression: 'attribute_not_exists(pk) OR #expiresAt <= :now',
        ExpressionAttributeNames: { '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    return undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const held = await db.send(new GetCommand({ TableName: tableName(), Key: keys.lock(APPLY_LOCK), ConsistentRead: true }));
    const expiresAt = (held.Item?.expiresAt as number | undefined) ?? nowSeconds + 1;
    return Math.max(1, Math.min(LOCK_RETRY_SECONDS, expiresAt - nowSeconds));
  }
}

/** Releases the lock if this owner still holds it (a lost lease is not an error). */
export async function releaseLock(db: Db, owner: string): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.lock(APPLY_LOCK),
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export function stepItem(progressionId: string, index: number, step: PlanStep, auditId: string): Item {
  return {
    ...keys.progressionStep(progressionId, index),
    type: 'PROGRESSION_STEP',
    progressionId,
    index,
    kind: step.kind,
    auditId,
    step: PlanStepSchema.parse(step),
  };
}

/** Writes plan steps or backup parts: deterministic keys, so a re-run rewrites the same items. */
export async function writeItems(db: Db, items: Item[]): Promise<void> {
  await batchWriteAll(putRequests(items), { client: db as BatchWriteClient });
}

/** Steps `from` .. `from + count - 1`, in order. */
export async function readSteps(db: Db, progressionId: string, from: number, count: number): Promise<StoredStep[]> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.progressionPk(progressionId),
        ':from': keys.progressionStep(progressionId, from).sk,
        ':to': keys.progressionStep(progressionId, from + count - 1).sk,
      },
    }),
  );
  return (page.Items ?? []).map((item) => ({
    index: item.index as number,
    auditId: item.auditId as string,
    step: PlanStepSchema.parse(item.step),
    ...(item.doneAt ? { doneAt: item.doneAt as string } : {}),
  }));
}

export const backupPartItem = (progressionId: string, part: number, data: Buffer, count: number): Item => ({
  ...keys.progressionBackupPart(progressionId, part),
  type: 'PROGRESSION_BACKUP',
  progressionId,
  part,
  items: count,
  data,
});

export async function getBackupPart(db: Db, progressionId: string, part: number): Promise<Item[] | undefined> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.progressionBackupPart(progressionId, part), ConsistentRead: true }),
  );
  return result.Item ? readBackupPart(result.Item.data as Uint8Array) : undefined;
}

/**
 * Ends the prepare stage: the backup and the plan are stored, the steps may run. Conditional on the stage, so
 * a second preparer (a resumed run racing a late one) changes nothing.
 */
export async function finishPrepare(
  db: Db,
  progression: Progression,
  totalSteps: number,
  backup: BackupManifest,
  counts: ProgressionCounts,
  audit: AuditEntry,
  now: Date,
): Promise<boolean> {
  const e = new Expression();
  const set = {
    'apply.stage': 'steps',
    'apply.totalSteps': totalSteps,
    'apply.cursor': 0,
    'apply.backup': backup,
    'apply.counts': counts,
    updatedAt: now.toISOString(),
    totalStudents: counts.totalStudents,
    autoProgression: counts.autoProgression,
    needsAssignment: counts.needsAssignment,
    graduating: counts.graduating,
    newStudents: counts.newStudents,
    departing: counts.departing,
  };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: headerKey(progression.id),
              UpdateExpression: e.update(set, { version: 1 }),
              ConditionExpression: `${e.path('phase')} = ${e.value('applying')} AND ${e.path('apply.stage')} = ${e.value('prepare')}`,
              ...e.attributes(),
            },
          },
          auditPut(audit),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationCodes(error)) return false;
    throw error;
  }
}

/** Records that steps before `to` are done; false when someone else moved the cursor first. */
export async function advanceCursor(db: Db, progressionId: string, from: number, to: number, now: Date): Promise<boolean> {
  const e = new Expression();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: headerKey(progressionId),
        UpdateExpression: e.update({ 'apply.cursor': to, updatedAt: now.toISOString() }),
        ConditionExpression: `${e.path('phase')} = ${e.value('applying')} AND ${e.path('apply.cursor')} = ${e.value(from)}`,
        ...e.attributes(),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
