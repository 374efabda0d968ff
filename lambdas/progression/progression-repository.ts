import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, deleteRequests, putRequests, type BatchWriteClient } from '../common/batch';
import { tableName } from '../common/dynamo';
import { AppError } from '../common/errors';
import { keys } from '../common/keys';
import { TABLE_INDEXES } from '@shared/schemas/table-schema';
import {
  ParentDecisionSchema,
  ProgressionSchema,
  StagedNewStudentSchema,
  StagedStudentChangeSchema,
  type ParentDecision,
  type Progression,
  type ProgressionPhase,
  type StagedNewStudent,
  type StagedStudentChange,
} from '@shared/schemas/progression';
import { Expression } from '../common/expression';
import { cancellationCodes, isConditionFailure, type TransactItem } from '../common/transact';
import { queryPrefix, type Db, type Item } from './db';
import type { Staging } from './model';

/**
 * The progression header and its staged choices (docs/data-model.md patterns 25 to 28). Staging writes are
 * TransactWrites that also check the header is still in `review`, so nothing can be staged once an apply has
 * started. Items are strict: a stored progression item that does not parse is a bug and throws.
 */

/** Held while a progression is open (analysis, review, applying): one progression at a time. */
export const OPEN_LOCK = 'progression';

const KEY_FIELDS = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'type'];
export const headerKey = (id: string) => ({ pk: keys.progression(id).pk, sk: keys.progression(id).sk });
function fields(item: Item): Item {
  const copy = { ...item };
  for (const key of KEY_FIELDS) delete copy[key];
  return copy;
}

export const progressionItem = (p: Progression): Item => ({ ...keys.progression(p.id), type: 'PROGRESSION', ...ProgressionSchema.parse(p) });
export const stagedStudentItem = (row: StagedStudentChange): Item => ({
  ...keys.stagedStudent(row.progressionId, row.studentId),
  type: 'STAGED_STUDENT',
  ...StagedStudentChangeSchema.parse(row),
});
export const stagedNewStudentItem = (row: StagedNewStudent): Item => ({
  ...keys.stagedNewStudent(row.progressionId, row.newStudentId),
  type: 'STAGED_NEW_STUDENT',
  ...StagedNewStudentSchema.parse(row),
});
export const decisionItem = (row: ParentDecision): Item => ({
  ...keys.stagedParentDecision(row.progressionId, row.parentId),
  type: 'STAGED_PARENT',
  ...ParentDecisionSchema.parse(row),
});

export async function getProgression(db: Db, id: string): Promise<Progression | undefined> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: headerKey(id), ConsistentRead: true }));
  return result.Item ? ProgressionSchema.parse(fields(result.Item)) : undefined;
}

/** Pattern 25: the newest progression (gsi1 is eventually consistent: the header is then read directly). */
export async function latestProgression(db: Db): Promise<Progression | undefined> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE_INDEXES.byPerson.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.progressionsGsi() },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const id = page.Items?.[0]?.id as string | undefined;
  return id ? getProgression(db, id) : undefined;
}

/** Creates a progression and takes the open-progression lock in one TransactWrite: CONFLICT if one is open. */
export async function createProgression(db: Db, progression: Progression, now: Date): Promise<void> {
  const lock = { name: OPEN_LOCK, owner: progression.id, acquiredAt: now.toISOString() };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: progressionItem(progression), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: { ...keys.lock(OPEN_LOCK), type: 'LOCK', ...lock }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  } catch (error) {
    if (cancellationCodes(error)) throw new AppError('CONFLICT');
    throw error;
  }
}

/**
 * Moves the header from one phase to another (and sets `set`; `undefined` removes), only if it is in `from`.
 * False when it was not.
 */
export async function setPhase(
  db: Db,
  id: string,
  from: ProgressionPhase,
  to: ProgressionPhase,
  now: Date,
  set: Record<string, unknown> = {},
): Promise<boolean> {
  const e = new Expression();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: headerKey(id),
        UpdateExpression: e.update({ phase: to, updatedAt: now.toISOString(), ...set }, { version: 1 }),
        ConditionExpression: `${e.path('phase')} = ${e.value(from)}`,
        ...e.attributes(),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Pattern 26, by sort-key prefix (the partition also holds plan steps and backup parts, read elsewhere). */
export async function readStaging(db: Db, id: string): Promise<Staging> {
  const pk = keys.progressionPk(id);
  const [students, newStudents, decisions] = await Promise.all([
    queryPrefix(db, pk, 'STUDENT#'),
    queryPrefix(db, pk, 'NEW#'),
    queryPrefix(db, pk, 'PARENT#'),
  ]);
  return {
    students: students.map((item) => StagedStudentChangeSchema.parse(fields(item))),
    newStudents: newStudents.map((item) => StagedNewStudentSchema.parse(fields(item))),
    decisions: decisions.map((item) => ParentDecisionSchema.parse(fields(item))),
  };
}

/** Pattern 27: analysis rows, keyed by student id (a re-run overwrites, never duplicates). */
export async function writeAnalysisRows(db: Db, progressionId: string, put: StagedStudentChange[], remove: string[]): Promise<void> {
  await batchWriteAll(
    [
      ...putRequests(put.map(stagedStudentItem)),
      ...deleteRequests(remove.map((studentId) => keys.stagedStudent(progressionId, studentId))),
    ],
    { client: db as BatchWriteClient },
  );
}

/**
 * Pattern 28: staging writes, each TransactWrite led by a check that the progression is still in review.
 * WRONG_PHASE when it is not; CONFLICT when another condition failed (a row that vanished).
 */
export async function stagingWrite(db: Db, progressionId: string, items: TransactItem[]): Promise<void> {
  const check: TransactItem = {
    ConditionCheck: {
      TableName: tableName(),
      Key: headerKey(progressionId),
      ConditionExpression: '#phase = :review',
      ExpressionAttributeNames: { '#phase': 'phase' },
      ExpressionAttributeValues: { ':review': 'review' },
    },
  };
  for (let i = 0; i < items.length; i += 99) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: [check, ...items.slice(i, i + 99)] }));
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes[0] === 'ConditionalCheckFailed') throw new AppError('WRONG_PHASE');
      throw new AppError('CONFLICT');
    }
  }
}

export const putItem = (item: Item): TransactItem => ({ Put: { TableName: tableName(), Item: item } });
export const deleteItem = (key: { pk: string; sk: string }): TransactItem => ({ Delete: { TableName: tableName(), Key: key } });

/** An update of one field of a staged student row that must still exist. `undefined` removes the field. */
export function updateStagedStudentField(progressionId: string, studentId: string, field: 'assignedClassId' | 'departing', value: unknown): TransactItem {
  const e = new Expression();
  return {
    Update: {
      TableName: tableName(),
      Key: keys.stagedStudent(progressionId, studentId),
      UpdateExpression: e.update({ [field]: value }),
      ConditionExpression: `attribute_exists(${e.path('pk')})`,
      ...e.attributes(),
    },
  };
}

/** Cancels an open progression (analysis or review) and frees the open-progression lock, in one transaction. */
export async function cancelProgression(db: Db, id: string, now: Date): Promise<boolean> {
  const header = new Expression();
  const lock = new Expression();
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: headerKey(id),
              UpdateExpression: header.update({ phase: 'cancelled', updatedAt: now.toISOString() }, { version: 1 }),
              ConditionExpression: `${header.path('phase')} IN (${header.value('analysis')}, ${header.value('review')})`,
              ...header.attributes(),
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.lock(OPEN_LOCK),
              ConditionExpression: `attribute_not_exists(${lock.path('pk')}) OR ${lock.path('owner')} = ${lock.value(id)}`,
              ...lock.attributes(),
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationCodes(error)) return false;
    throw error;
  }
}
