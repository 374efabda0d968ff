import {
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeAccountsByEmail } from '../../lambdas/common/cognito';
import { documentClient } from '../../lambdas/common/dynamo';
import { runApply } from '../../lambdas/progression/apply-service';
import type { Db } from '../../lambdas/progression/db';
import { saveNewStudent } from '../../lambdas/progression/new-student-service';
import { setAssignments, setDepartures, startProgression } from '../../lambdas/progression/staging-service';
import { DeparturesRequestSchema, NewStudentRequestSchema } from '@shared/contracts/progression-api';
import {
  accountEmails,
  cloneInto,
  createAccount,
  createPool,
  firstCandidates,
  snapshotTable,
  useProgressionSchool,
} from './progression-support';

/**
 * Kill the apply anywhere, run it again: the end state equals an uninterrupted run's (issue "School
 * progression", Apply). A staged progression is cloned into a fresh table per run, with every account in the pool;
 * the apply runs through clients that die at the N-th write, either before it is sent or after it landed
 * with its answer lost, like a process killed at that instant: every later call of that run fails too, its
 * `finally` included, so it leaves its lock behind. The next run (a zero lease makes the dead run's lock stale
 * at once) finishes the job. The whole table and the pool's accounts must then equal the baseline's.
 */

const fx = useProgressionSchool('progression-kill', 10);
const ADMIN = 'admin-sub';
/** One clock for every run: the apply's stamp, markers and lock leases are then identical across runs. */
const T0 = new Date('2026-06-20T18:30:00.000Z');
let progressionId: string;
let template: Record<string, unknown>[];
let emails: string[];

class Killed extends Error {
  constructor() {
    super('killed');
    this.name = 'Killed';
  }
}

type Kill = { at: number; mode: 'before' | 'after' };

/** Counts the writes of one run (DynamoDB and Cognito) and dies at write `kill.at`. */
class KillSwitch {
  writes = 0;
  /** TransactWrite calls, and those refused on purpose (`refuseShared`). */
  transactions = 0;
  refused = 0;
  dead = false;
  /** refuseShared: a TransactWrite marking more than one step is cancelled (a lost race) without being sent. */
  constructor(
    private readonly kill?: Kill,
    readonly refuseShared = false,
  ) {}

  async around<T>(isWrite: boolean, call: () => Promise<T>): Promise<T> {
    if (this.dead) throw new Killed();
    if (!isWrite) return call();
    this.writes += 1;
    if (this.writes !== this.kill?.at) return call();
    this.dead = true;
    if (this.kill.mode === 'after') await call();
    throw new Killed();
  }
}

const DYNAMO_WRITES = [PutCommand, UpdateCommand, DeleteCommand, TransactWriteCommand, BatchWriteCommand];
const COGNITO_WRITES = [AdminUserGlobalSignOutCommand, AdminDeleteUserCommand];

function clients(kill: KillSwitch, userPoolId: string) {
  const real = documentClient();
  const db = {
    send: (command: object) => {
      if (command instanceof TransactWriteCommand) {
        kill.transactions += 1;
        const markers = (command.input.TransactItems ?? []).filter((item) => String(item.Update?.Key?.sk).startsWith('STEP#'));
        if (kill.refuseShared && markers.length > 1) {
          kill.refused += 1;
          const reasons = command.input.TransactItems!.map(() => ({ Code: 'TransactionConflict' }));
          return Promise.reject(new TransactionCanceledException({ message: 'refused on purpose', $metadata: {}, CancellationReasons: reasons }));
        }
      }
      return kill.around(DYNAMO_WRITES.some((type) => command instanceof type), () => real.send(command as never));
    },
  } as unknown as Db;
  const cognito = {
    send: (command: object) => kill.around(COGNITO_WRITES.some((type) => command instanceof type), () => fx.cognito.send(command as never)),
  } as unknown as CognitoIdentityProviderClient;
  return { db, accounts: { removeAccountsByEmail: (email: string) => removeAccountsByEmail(email, { client: cognito, userPoolId }) } };
}

/** Calls apply until it reports done (at least once, as a client polling `continue` would). */
async function applyUntilDone(kill: KillSwitch, userPoolId: string): Promise<void> {
  const { db, accounts } = clients(kill, userPoolId);
  let done = false;
  do {
    const outcome = await runApply(progressionId, ADMIN, 'start', { db, accounts, now: () => T0, owner: ulid(), leaseSeconds: 0, maxSteps: 40 });
    done = outcome.done;
  } while (!done);
}

interface Outcome {
  items: Record<string, unknown>[];
  accounts: string[];
  writes: number;
  transactions: number;
  refused: number;
}

/**
 * The run's user pool holding every parent's account: one pool for all runs, whose accounts a previous run's
 * apply removed are created again (the accounts a run starts from are the same each time, without creating a pool
 * and its 18 accounts per run: cognito-local rewrites a pool's file on every call).
 */
let pool: string | undefined;
async function poolWithEveryAccount(): Promise<string> {
  pool ??= (await createPool(fx.cognito)).userPoolId;
  const present = new Set(await accountEmails(fx.cognito, pool));
  for (const email of emails) if (!present.has(email)) await createAccount(fx.cognito, pool, email);
  return pool;
}

async function run(kills: Kill[], last = new KillSwitch()): Promise<Outcome> {
  const table = await cloneInto(fx, template, 'kill-run');
  const userPoolId = await poolWithEveryAccount();
  expect(await accountEmails(fx.cognito, userPoolId)).toEqual([...emails].sort());
  for (const kill of kills) {
    try {
      await applyUntilDone(new KillSwitch(kill), userPoolId);
    } catch (error) {
      if (!(error instanceof Killed)) throw error;
    }
  }
  await applyUntilDone(last, userPoolId);
  const outcome = {
    items: await snapshotTable(),
    accounts: await accountEmails(fx.cognito, userPoolId),
    writes: last.writes,
    transactions: last.transactions,
    refused: last.refused,
  };
  await fx.dropTable(table);
  return outcome;
}

beforeAll(async () => {
  const workspace = await startProgression(ADMIN, { now: () => T0 });
  progressionId = workspace.progression.id;
  await setAssignments(progressionId, { assignments: firstCandidates(fx.school) });
  const staying = workspace.students.filter((s) => s.outcome !== 'graduates');
  await setDepartures(
    progressionId,
    DeparturesRequestSchema.parse({
      departures: [
        { studentId: staying[0]!.studentId, departing: true, reason: 'Déménagement' },
        { studentId: staying.at(-1)!.studentId, departing: true },
      ],
    }),
  );
  const classId = workspace.classes.find((c) => c.levels.includes('G1'))!.id;
  await saveNewStudent(
    progressionId,
    undefined,
    NewStudentRequestSchema.parse({
      student: { firstName: 'Maëlle', lastName: 'Ouellet', level: 'G1', classId },
      parent1: { mode: 'new', parent: { firstName: 'Hélène', lastName: 'Ouellet', email: 'helene.ouellet@test.example' } },
      parent2: { mode: 'existing', parentId: fx.school.parents[0]!.id },
    }),
  );
  template = await snapshotTable();
  emails = [...new Set(fx.school.parents.map((p) => p.email).filter((e): e is string => !!e))];
});

describe('apply killed at any point', () => {
  let baseline: Outcome;

  it('the uninterrupted run applies everything (the baseline)', async () => {
    baseline = await run([]);
    const header = baseline.items.find((item) => item.type === 'PROGRESSION');
    expect(header).toMatchObject({ phase: 'completed', apply: { stage: 'done' } });
    expect(baseline.items.filter((item) => item.type === 'LOCK')).toEqual([]);
    expect(baseline.accounts.length).toBeLessThan(emails.length);
    expect(baseline.writes).toBeGreaterThan(20);
    // Steps of one kind share transactions (up to 99 items): far fewer TransactWrites than steps.
    const steps = (header as { apply: { totalSteps: number } }).apply.totalSteps;
    expect(steps).toBeGreaterThan(20);
    expect(baseline.transactions).toBeLessThan(steps / 2);
  });

  it('a shared transaction refused by a lost race is redone step by step, to the same end state', async () => {
    const outcome = await run([], new KillSwitch(undefined, true));
    expect(outcome.refused).toBeGreaterThan(0);
    expect(outcome.items).toEqual(baseline.items);
    expect(outcome.accounts).toEqual(baseline.accounts);
  });

  it('a run killed once or several times, then resumed, ends in exactly the same state', async () => {
    const killPoint = fc.record({ at: fc.integer({ min: 1, max: baseline.writes }), mode: fc.constantFrom<'before' | 'after'>('before', 'after') });
    await fc.assert(
      fc.asyncProperty(fc.array(killPoint, { minLength: 1, maxLength: 3 }), async (kills) => {
        const outcome = await run(kills);
        expect(outcome.items).toEqual(baseline.items);
        expect(outcome.accounts).toEqual(baseline.accounts);
      }),
      {
        seed: 20260620,
        numRuns: 30,
        endOnFailure: true,
        examples: [[[{ at: 1, mode: 'after' }]], [[{ at: 2, mode: 'before' }]], [[{ at: baseline.writes, mode: 'after' }]]],
      },
    );
  });
});
