/**
 * `npm run bench:progression`: how long the school progression takes for a school of 1,500 students.
 *
 * Starts an in-memory local stack (nothing seeded), writes a demo school of at least 1,500 students into a
 * throwaway table, gives every parent the apply will remove a Cognito account (the worst case for the account
 * step), then measures, in process, what the admin's requests do:
 * - the analysis (start: consistent read of the directory, analysis, one row per student written);
 * - a re-run of the analysis, the workspace and the review (reads and pure work);
 * - the pure analysis alone on a snapshot in memory (our CPU cost);
 * - the apply: backup + plan, then every step, in the chunks the UI would request (default budget per request).
 * Prints a markdown table and rewrites the "School progression" section of docs/benchmarks.md.
 *
 * Options: --students=N (default 1500), --runs=N (default 5, at most 30), --no-write (print only).
 */
import path from 'node:path';
import { AdminCreateUserCommand, CreateUserPoolCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { removeAccountsByEmail, createCognitoClient } from '../../lambdas/common/cognito';
import { documentClient, resetDocumentClient } from '../../lambdas/common/dynamo';
import { logger } from '../../lambdas/common/logger';
import { analyseSchool } from '../../lambdas/progression/analysis';
import { APPLY_DEFAULTS, runApply } from '../../lambdas/progression/apply-service';
import { saveNewStudent } from '../../lambdas/progression/new-student-service';
import { buildModel } from '../../lambdas/progression/model';
import { getProgression, readStaging } from '../../lambdas/progression/progression-repository';
import { readSnapshot } from '../../lambdas/progression/snapshot';
import { reviewView, workspaceView } from '../../lambdas/progression/views';
import { getReview, getWorkspace, runAnalysis, setAssignments, setDepartures, startProgression } from '../../lambdas/progression/staging-service';
import { NewStudentRequestSchema } from '@shared/contracts/progression-api';
import { generateSchool } from '../demo/generate-school';
import { seedDemoSchool } from '../demo/seed';
import { dynamoClient, ensureTable } from '../dynamodb';
import { startLocalStack } from '../stack';
import { kb, machineLine, measure, ms, writeSection, type Timing } from './bench-report';
import { countDynamoCalls } from './dynamo-calls';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const targetStudents = Math.max(100, Number(arg('students') ?? 1500));
const runs = Math.min(30, Math.max(3, Number(arg('runs') ?? 5)));
const write = !process.argv.includes('--no-write');
const ADMIN = 'bench-admin';

/** The smallest demo school with at least `students` students (the generator is deterministic). */
function familiesFor(students: number): number {
  let families = Math.ceil(students / 1.43);
  while (generateSchool({ families }).students.length < students) families += 10;
  return families;
}

/** A pool of the benchmark's own with one account per email (no password: the apply only deletes them). */
async function createBenchPool(cognito: CognitoIdentityProviderClient, emails: string[]): Promise<string> {
  const pool = await cognito.send(new CreateUserPoolCommand({ PoolName: `progression-bench-${ulid()}`, UsernameAttributes: ['email'] }));
  const userPoolId = pool.UserPool!.Id!;
  for (const email of emails) {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
      }),
    );
  }
  return userPoolId;
}

async function timed<T>(task: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await task();
  return { value, ms: performance.now() - start };
}

async function main() {
  logger.setLogLevel('ERROR');
  const families = familiesFor(targetStudents);
  console.log(`• Starting an in-memory local stack (demo school of ${families} families in a throwaway table)…`);
  const { info, stop } = await startLocalStack({ webDir: path.resolve('frontend/dist'), seed: false, logLevel: 'ERROR' });
  try {
    const table = `progression-bench-${ulid().toLowerCase()}`;
    await ensureTable(dynamoClient(info.dynamoEndpoint, info.region), table);
    process.env.TABLE_NAME = table;
    resetDocumentClient();
    const { school } = await seedDemoSchool({ families });

    // DynamoDB Local is a JVM: warm it up on reads before anything is timed.
    for (let i = 0; i < 5; i++) await readSnapshot(documentClient());
    const start = await timed(() => startProgression(ADMIN));
    const id = start.value.progression.id;
    const analysisRerun = await measure(() => runAnalysis(id), runs);
    const workspace = await measure(() => getWorkspace(id), runs);
    const pureAnalysis = await measure(() => analyseSchool(school), runs);

    // Stage what an admin would: every assignment, 20 departures, 10 new students (one new parent each).
    const needing = start.value.students.filter((s) => s.outcome === 'needsAssignment');
    for (let i = 0; i < needing.length; i += 500) {
      await setAssignments(id, { assignments: needing.slice(i, i + 500).map((s) => ({ studentId: s.studentId, classId: s.candidateClassIds[0]! })) });
    }
    const staying = start.value.students.filter((s) => s.outcome !== 'graduates');
    await setDepartures(id, { departures: staying.filter((_, i) => i % 60 === 0).slice(0, 20).map((s) => ({ studentId: s.studentId, departing: true })) });
    const firstClass = start.value.classes.find((c) => c.levels.includes('G1'))!;
    for (let i = 0; i < 10; i++) {
      const request = NewStudentRequestSchema.parse({
        student: { firstName: `Élève${i}`, lastName: 'Nouveau', level: 'G1', classId: firstClass.id },
        parent1: { mode: 'new', parent: { firstName: `Parent${i}`, lastName: 'Nouveau', email: `nouveau${i}@bench.example` } },
      });
      await saveNewStudent(id, undefined, request);
    }
    const review = await measure(() => getReview(id), runs);
    const [{ snapshot }, staging, header] = await Promise.all([
      readSnapshot(documentClient()),
      readStaging(documentClient(), id),
      getProgression(documentClient(), id),
    ]);
    const views = await measure(() => {
      const model = buildModel(snapshot, staging);
      return [workspaceView(header!, model), reviewView(header!, model)];
    }, runs);
    const finalReview = await getReview(id);
    if (!finalReview.ready) throw new Error(`the staged progression is not ready: ${JSON.stringify(finalReview.blockers)}`);

    const cognito = createCognitoClient({ endpoint: info.cognitoEndpoint, region: info.region });
    const removedEmails = [...new Set(finalReview.parentsRemoved.map((p) => school.parents.find((x) => x.id === p.parentId)!.email).filter((e): e is string => !!e))];
    console.log(`• Creating ${removedEmails.length} Cognito accounts for the parents the apply removes…`);
    const userPoolId = await createBenchPool(cognito, removedEmails);
    const accounts = { removeAccountsByEmail: (email: string) => removeAccountsByEmail(email, { client: cognito, userPoolId }) };

    console.log('• Applying…');
    const calls = countDynamoCalls();
    calls.count = 0;
    const chunks: { cursor: number; ms: number }[] = [];
    const chunk = async (mode: 'start' | 'continue') => {
      const call = await timed(() => runApply(id, ADMIN, mode, { accounts }));
      chunks.push({ cursor: call.value.progression.apply!.cursor, ms: call.ms });
      return call.value;
    };
    const apply = await timed(async () => {
      let outcome = await chunk('start');
      while (!outcome.done) outcome = await chunk('continue');
      return outcome;
    });
    const applied = apply.value.progression.apply!;
    const applyCalls = calls.count;
    cognito.destroy();

    const row = (label: string, t: Timing) => `| ${label} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.min)} | ${ms(t.max)} | ${t.runs} |`;
    const counts = start.value.progression.counts;
    const markdown = `
Measured by \`npm run bench:progression\` (local/bench/progression-bench.ts) on ${machineLine()}.

Data: a demo school of ${families} families in a throwaway table: ${counts.totalStudents} students (${counts.autoProgression} stay in their class, ${counts.needsAssignment} need a class, ${counts.graduating} graduate), ${school.parents.length} parents, ${school.classes.length} classes. Staged: ${needing.length} assignments, ${finalReview.departures.length} departures, ${finalReview.arrivals.length} new students with a new parent each; ${finalReview.parentsRemoved.length} parents removed, ${removedEmails.length} of them with a Cognito account (cognito-local). DynamoDB Local (in memory) on loopback: absolute times are far slower than DynamoDB's.

| Step | p50 | p95 | min | max | runs |
|---|---|---|---|---|---|
| Start + analysis (read, analyse, write ${counts.totalStudents} rows), once | ${ms(start.ms)} | | | | 1 |
${row('Re-run of the analysis (nothing changed: reads only)', analysisRerun)}
${row('Workspace (GET …/{id})', workspace)}
${row('Review (GET …/review)', review)}
${row('Analysis alone, in memory (CPU)', pureAnalysis)}
${row('Workspace + review built from data in memory (CPU)', views)}

| Apply | Value |
|---|---|
| Total time (backup, plan, every step) | ${ms(apply.ms)} |
| Requests (chunks of at most ${APPLY_DEFAULTS.maxSteps} steps / ${APPLY_DEFAULTS.budgetMs / 1000} s) | ${chunks.length} |
| Steps | ${applied.totalSteps} (${((applied.totalSteps / apply.ms) * 1000).toFixed(0)} steps/s) |
| DynamoDB calls (every page of a query counts) | ${applyCalls} |
| Progress after each request | ${chunks.map((c) => `${Math.floor((c.cursor / applied.totalSteps) * 100)} %`).join(', ')} |
| Longest request (the first one takes the backup and writes the plan) | ${ms(Math.max(...chunks.map((c) => c.ms)))} (first: ${ms(chunks[0]!.ms)}) |
| Backup | ${applied.backup!.items} items, ${kb(applied.backup!.bytes)} of JSON in ${applied.backup!.parts} gzipped part(s) |
`;
    console.log(markdown);
    if (write) {
      const file = path.resolve('docs/benchmarks.md');
      writeSection(file, 'School progression', markdown);
      console.log(`• Wrote the "School progression" section of ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ Progression benchmark failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
