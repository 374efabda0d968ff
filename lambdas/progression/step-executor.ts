import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../common/dynamo';
import { DIRECTORY_PK, keys } from '../common/keys';
import { entityItem, familyItem } from '../directory/public';
import { registryDelete, registryTransactItems } from '../registry/public';
import { TABLE_INDEXES } from '@shared/schemas/table-schema';
import type { Progression } from '@shared/schemas/progression';
import type { AuditEntry } from '@shared/schemas/system';
import type { StoredStep } from './apply-repository';
import { auditPut } from '../common/audit';
import { Expression } from '../common/expression';
import { cancellationCodes, isTransientConflict, MAX_TRANSACT_ITEMS, type TransactItem } from '../common/transact';
import { queryDirectory } from '../common/query';
import { mapLimit, queryAllWith, type Db, type Item } from './db';
import { OPEN_LOCK, headerKey } from './progression-repository';
import type { PlanStep } from './plan';
import { consentEntry, consentPuts, currentNoticeVersion } from '../directory/public';

/**
 * Runs one plan step. Every step ends in one TransactWrite whose first element marks the step done
 * (`attribute_not_exists(doneAt)`): the directory change and the mark happen together or not at all, and a
 * step already marked is a no-op. Steps that depend on the live state (a parent's current email, a class's
 * current representatives) read it first and make their write conditional on the version read, retrying on a
 * lost race. Cognito calls (removeAccount) happen before the mark and are themselves safe to repeat.
 */

/** Deletes the Cognito accounts of an email; returns how many. lambdas/common/cognito.ts in production. */
export interface AccountRemover {
  removeAccountsByEmail(email: string): Promise<number>;
}

export interface StepContext {
  db: Db;
  accounts: AccountRemover;
  progression: Progression;
  now: () => Date;
}

export type StepResult = 'applied' | 'skipped' | 'unchanged' | 'kept' | 'already';

const MAX_ATTEMPTS = 6;

/**
 * What a step will write once its reads (if any) are done: the outcome its marker records and its directory and
 * audit writes. `skipOnConditionFailure`: a write's condition failing means there is nothing left to do (the
 * record is already there, or gone), so the step is marked 'skipped'; otherwise the step reads again and retries.
 */
interface PreparedStep {
  stored: StoredStep;
  outcome: StepResult;
  writes: TransactItem[];
  skipOnConditionFailure?: boolean;
}

class ConditionFailed extends Error {
  constructor(readonly index: number) {
    super(`condition failed at item ${index}`);
  }
}

function marker(ctx: StepContext, stored: StoredStep, outcome: StepResult): TransactItem {
  const e = new Expression();
  return {
    Update: {
      TableName: tableName(),
      Key: keys.progressionStep(ctx.progression.id, stored.index),
      UpdateExpression: e.update({ doneAt: ctx.now().toISOString(), outcome }),
      ConditionExpression: `attribute_not_exists(${e.path('doneAt')})`,
      ...e.attributes(),
    },
  };
}

function audit(ctx: StepContext, stored: StoredStep, fields: Pick<AuditEntry, 'action' | 'target'> & Partial<AuditEntry>): TransactItem {
  const apply = ctx.progression.apply!;
  const entry: AuditEntry = { id: stored.auditId, at: apply.stamp, actor: { kind: 'user', id: apply.startedBy }, ...fields };
  return auditPut(entry);
}

/** Marker + writes; 'already' when the marker says the step ran; ConditionFailed(i) for write i's condition. */
async function commit(ctx: StepContext, stored: StoredStep, outcome: StepResult, writes: TransactItem[]): Promise<StepResult> {
  if (writes.length + 1 > MAX_TRANSACT_ITEMS) throw new Error(`step ${stored.index} needs more than ${MAX_TRANSACT_ITEMS} writes`);
  try {
    await ctx.db.send(new TransactWriteCommand({ TransactItems: [marker(ctx, stored, outcome), ...writes] }));
    return outcome;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') return 'already';
    const failed = codes?.findIndex((code) => code === 'ConditionalCheckFailed') ?? -1;
    if (failed > 0) throw new ConditionFailed(failed - 1);
    throw error;
  }
}

const put = (item: Item, condition?: string): TransactItem => ({
  Put: { TableName: tableName(), Item: item, ...(condition ? { ConditionExpression: condition } : {}) },
});
/** Deletes by primary key only (key builders of linked items also return their gsi1 attributes). */
const del = ({ pk, sk }: { pk: string; sk: string }): TransactItem => ({ Delete: { TableName: tableName(), Key: { pk, sk } } });
const familyKey = (parentId: string, studentId: string) => ({ pk: DIRECTORY_PK, sk: keys.family(parentId, studentId).sk });

async function getItem(ctx: StepContext, key: { pk: string; sk: string }): Promise<Item | undefined> {
  return (await ctx.db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

function versionedUpdate(key: { pk: string; sk: string }, set: Record<string, unknown>, expectedVersion: number | undefined): TransactItem {
  const e = new Expression();
  const condition =
    expectedVersion === undefined ? `attribute_exists(${e.path('pk')})` : `${e.path('version')} = ${e.value(expectedVersion)}`;
  return {
    Update: { TableName: tableName(), Key: key, UpdateExpression: e.update(set, { version: 1 }), ConditionExpression: condition, ...e.attributes() },
  };
}

/** A plan step of one kind. */
type StepOf<K extends PlanStep['kind']> = Extract<PlanStep, { kind: K }>;

async function createParent(ctx: StepContext, stored: StoredStep, step: StepOf<'createParent'>): Promise<PreparedStep> {
  const { parent } = step;
  const target = { type: 'PARENT', id: parent.id };
  // The new family's privacy choice opens its consent log; the step's audit id keeps a re-run from adding another.
  const source = {
    by: 'progression',
    channel: 'progression',
    at: ctx.progression.apply!.stamp,
    noticeVersion: await currentNoticeVersion(),
    language: parent.preferredLanguage,
  } as const;
  const consent = consentEntry(parent.id, undefined, parent, source)!;
  const writes = [
    put(entityItem('PARENT', parent), 'attribute_not_exists(pk)'),
    ...registryTransactItems('PARENT', parent.id, undefined, parent),
    audit(ctx, stored, { action: 'progression.parentAdd', target }),
    ...consentPuts({ ...consent, id: stored.auditId }),
  ];
  return { stored, outcome: 'applied', writes, skipOnConditionFailure: true };
}

function createStudent(ctx: StepContext, stored: StoredStep, step: StepOf<'createStudent'>): Promise<PreparedStep> {
  const { student, parentIds } = step;
  const writes = [
    put(entityItem('STUDENT', student), 'attribute_not_exists(pk)'),
    ...parentIds.map((parentId) => put(familyItem({ parentId, studentId: student.id }))),
    audit(ctx, stored, { action: 'progression.studentAdd', target: { type: 'STUDENT', id: student.id }, count: parentIds.length }),
  ];
  return Promise.resolve({ stored, outcome: 'applied', writes, skipOnConditionFailure: true });
}

function moveStudent(ctx: StepContext, stored: StoredStep, step: StepOf<'moveStudent'>): Promise<PreparedStep> {
  const stamp = ctx.progression.apply!.stamp;
  const set = { level: step.level, classId: step.classId, updatedAt: stamp };
  const writes = [
    versionedUpdate(keys.entity('STUDENT', step.studentId), set, undefined),
    audit(ctx, stored, {
      action: 'progression.studentMove',
      target: { type: 'STUDENT', id: step.studentId },
      fields: step.changesClass ? ['level', 'classId'] : ['level'],
    }),
  ];
  // A failed condition: the student was deleted meanwhile, nothing to move.
  return Promise.resolve({ stored, outcome: 'applied', writes, skipOnConditionFailure: true });
}

async function removeStudent(ctx: StepContext, stored: StoredStep, step: StepOf<'removeStudent'>): Promise<PreparedStep> {
  // gsi1 is eventually consistent: the plan's links plus what the index shows now.
  const live = await queryAllWith(ctx.db, {
    IndexName: TABLE_INDEXES.byPerson.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.studentParentsGsi(step.studentId) },
  });
  const parentIds = [...new Set([...step.parentIds, ...live.map((item) => item.parentId as string)])];
  const writes = [
    del(keys.entity('STUDENT', step.studentId)),
    ...parentIds.map((parentId) => del(familyKey(parentId, step.studentId))),
    audit(ctx, stored, {
      action: step.reason === 'graduated' ? 'progression.studentGraduate' : 'progression.studentDepart',
      target: { type: 'STUDENT', id: step.studentId },
    }),
  ];
  return { stored, outcome: 'applied', writes };
}

async function removeParent(ctx: StepContext, stored: StoredStep, step: StepOf<'removeParent'>): Promise<PreparedStep> {
  const parent = await getItem(ctx, keys.entity('PARENT', step.parentId));
  const [links, memberships] = await Promise.all([
    queryDirectory({ db: ctx.db, prefix: keys.familyPrefix(step.parentId), consistent: true }),
    queryAllWith(ctx.db, {
      IndexName: TABLE_INDEXES.byPerson.name,
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.personMembershipsGsi('PARENT', step.parentId), ':prefix': 'MEMBER#' },
    }),
  ]);
  const studentIds = [...new Set([...step.studentIds, ...links.map((item) => item.studentId as string)])];
  const committeeIds = [...new Set([...step.committeeIds, ...memberships.map((item) => item.committeeId as string)])];
  const e = new Expression();
  const deleteParent: TransactItem[] = parent
    ? [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.entity('PARENT', step.parentId),
            ConditionExpression: `${e.path('version')} = ${e.value(parent.version)}`,
            ...e.attributes(),
          },
        },
        ...(parent.email ? [registryDelete('PARENT', step.parentId, parent.email as string)] : []),
      ]
    : [];
  const writes = [
    ...deleteParent,
    ...studentIds.map((studentId) => del(familyKey(step.parentId, studentId))),
    ...committeeIds.map((committeeId) => del(keys.membership(committeeId, 'PARENT', step.parentId))),
    audit(ctx, stored, { action: 'progression.parentRemove', target: { type: 'PARENT', id: step.parentId } }),
  ];
  return { stored, outcome: 'applied', writes };
}

async function updateClass(ctx: StepContext, stored: StoredStep, step: StepOf<'updateClass'>): Promise<PreparedStep> {
  const stamp = ctx.progression.apply!.stamp;
  const current = await getItem(ctx, keys.entity('CLASS', step.classId));
  if (!current) return { stored, outcome: 'skipped', writes: [] };
  const studentReps = current.studentRepresentativeIds as string[];
  const parentReps = current.parentRepresentativeIds as string[];
  const nextStudents = studentReps.filter((id) => !step.removeStudentIds.includes(id));
  const nextParents = parentReps.filter((id) => !step.removeParentIds.includes(id));
  const fields = [
    ...(nextStudents.length !== studentReps.length ? ['studentRepresentativeIds'] : []),
    ...(nextParents.length !== parentReps.length ? ['parentRepresentativeIds'] : []),
  ];
  if (fields.length === 0) return { stored, outcome: 'unchanged', writes: [] };
  const set = { studentRepresentativeIds: nextStudents, parentRepresentativeIds: nextParents, updatedAt: stamp };
  const writes = [
    versionedUpdate(keys.entity('CLASS', step.classId), set, current.version as number),
    audit(ctx, stored, { action: 'progression.classUpdate', target: { type: 'CLASS', id: step.classId }, fields }),
  ];
  return { stored, outcome: 'applied', writes };
}

async function removeAccount(ctx: StepContext, stored: StoredStep, step: StepOf<'removeAccount'>): Promise<PreparedStep> {
  // Another person (a kept parent sharing the address, a staff member) may still use the email.
  const registered = await queryAllWith(ctx.db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.registryPk(step.email) },
  });
  if (registered.length > 0) return { stored, outcome: 'kept', writes: [] };
  await ctx.accounts.removeAccountsByEmail(step.email);
  const writes = [audit(ctx, stored, { action: 'progression.accountRemove', target: { type: 'PARENT', id: step.parentIds[0]! } })];
  return { stored, outcome: 'applied', writes };
}

function finish(ctx: StepContext, stored: StoredStep, step: StepOf<'finish'>): Promise<PreparedStep> {
  const stamp = ctx.progression.apply!.stamp;
  const header = new Expression();
  const lock = new Expression();
  const apply = ctx.progression.apply!;
  const writes: TransactItem[] = [
    versionedUpdate(keys.settings(), { schoolYear: step.toYear, progressedTo: step.toYear, updatedAt: stamp }, undefined),
    {
      Update: {
        TableName: tableName(),
        Key: headerKey(ctx.progression.id),
        UpdateExpression: header.update(
          {
            phase: 'completed',
            appliedAt: stamp,
            updatedAt: ctx.now().toISOString(),
            'apply.stage': 'done',
            'apply.cursor': apply.totalSteps,
            'apply.finishedAt': ctx.now().toISOString(),
          },
          { version: 1 },
        ),
        ConditionExpression: `${header.path('phase')} = ${header.value('applying')}`,
        ...header.attributes(),
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: keys.lock(OPEN_LOCK),
        ConditionExpression: `attribute_not_exists(${lock.path('pk')}) OR ${lock.path('owner')} = ${lock.value(ctx.progression.id)}`,
        ...lock.attributes(),
      },
    },
    audit(ctx, stored, { action: 'progression.apply', target: { type: 'PROGRESSION', id: ctx.progression.id }, count: apply.totalSteps }),
  ];
  return Promise.resolve({ stored, outcome: 'applied', writes });
}

/** Each step kind's own function: what it writes, and what counts as already done. */
const STEP_RUNNERS: { [K in PlanStep['kind']]: (ctx: StepContext, stored: StoredStep, step: StepOf<K>) => Promise<PreparedStep> } = {
  createParent,
  createStudent,
  moveStudent,
  removeStudent,
  removeParent,
  updateClass,
  removeAccount,
  finish,
};

function prepareStep(ctx: StepContext, stored: StoredStep): Promise<PreparedStep> {
  const step: PlanStep = stored.step;
  const runner = STEP_RUNNERS[step.kind] as (ctx: StepContext, stored: StoredStep, step: PlanStep) => Promise<PreparedStep>;
  return runner(ctx, stored, step);
}

async function commitPrepared(ctx: StepContext, prepared: PreparedStep): Promise<StepResult> {
  try {
    return await commit(ctx, prepared.stored, prepared.outcome, prepared.writes);
  } catch (error) {
    if (error instanceof ConditionFailed && prepared.skipOnConditionFailure) return commit(ctx, prepared.stored, 'skipped', []);
    throw error;
  }
}

/**
 * Runs a step, retrying lost races (a concurrent transaction, a version changed since it was read); `prepared`,
 * when given, is its first attempt's reads.
 */
export async function executeStep(ctx: StepContext, stored: StoredStep, prepared?: PreparedStep): Promise<StepResult> {
  if (stored.doneAt) return 'already';
  for (let attempt = 1; ; attempt++) {
    try {
      return await commitPrepared(ctx, attempt === 1 && prepared ? prepared : await prepareStep(ctx, stored));
    } catch (error) {
      const retry = isTransientConflict(error) || error instanceof ConditionFailed;
      if (!retry || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    }
  }
}

/** Steps whose markers and writes go in one TransactWrite. */
interface StepGroup {
  steps: PreparedStep[];
  items: TransactItem[];
}

/** An element's item, so that one transaction never holds two writes of one item (DynamoDB refuses that). */
function itemKey(element: TransactItem): string {
  const key = element.Put?.Item ?? element.Update?.Key ?? element.Delete?.Key ?? element.ConditionCheck?.Key ?? {};
  return `${String(key.pk)}\u0000${String(key.sk)}`;
}

/** Packs prepared steps, each whole (its marker first, then its writes), into transactions of at most MAX_TRANSACT_ITEMS. */
function pack(ctx: StepContext, prepared: PreparedStep[]): StepGroup[] {
  const groups: StepGroup[] = [];
  let group: StepGroup = { steps: [], items: [] };
  let seen = new Set<string>();
  for (const step of prepared) {
    const items = [marker(ctx, step.stored, step.outcome), ...step.writes];
    const itemKeys = items.map(itemKey);
    if (group.steps.length > 0 && (group.items.length + items.length > MAX_TRANSACT_ITEMS || itemKeys.some((k) => seen.has(k)))) {
      groups.push(group);
      group = { steps: [], items: [] };
      seen = new Set();
    }
    group.steps.push(step);
    group.items.push(...items);
    itemKeys.forEach((k) => seen.add(k));
  }
  if (group.steps.length > 0) groups.push(group);
  return groups;
}

/**
 * Commits a group in one TransactWrite: every step of it is marked with its writes, or none is. A cancelled
 * transaction (a step marked meanwhile, a condition that no longer holds, a race) changes nothing: each step of
 * the group then commits alone, as an unbatched step would (skipped, already, or read again and retried).
 */
async function commitGroup(ctx: StepContext, group: StepGroup, concurrency: number): Promise<void> {
  if (group.steps.length === 1) {
    await executeStep(ctx, group.steps[0]!.stored, group.steps[0]);
    return;
  }
  try {
    await ctx.db.send(new TransactWriteCommand({ TransactItems: group.items }));
  } catch (error) {
    if (!cancellationCodes(error)) throw error;
    await mapLimit(group.steps, concurrency, (step) => executeStep(ctx, step.stored, step));
  }
}

/**
 * Runs a window of steps (docs/progression.md "Apply"): their reads and Cognito calls `concurrency` at a time,
 * then their markers and writes packed into as few TransactWrites as DynamoDB allows, `concurrency` at a time.
 * A step already marked is left alone.
 */
export async function executeSteps(ctx: StepContext, stored: StoredStep[], concurrency: number): Promise<void> {
  const pending = stored.filter((step) => !step.doneAt);
  const prepared = await mapLimit(pending, concurrency, (step) => prepareStep(ctx, step));
  await mapLimit(pack(ctx, prepared), concurrency, (group) => commitGroup(ctx, group, concurrency));
}
