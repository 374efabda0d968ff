/**
 * `npm run bench:import`: how long loading a 1,000-family school from CSV files takes.
 *
 * Exports the benchmark demo school (generateSchool({ scale: 'benchmark' })) to the six CSV files with the
 * admin export (French: semicolons, byte-order mark) in a temporary folder, starts DynamoDB Local in memory on a
 * free loopback port, then, each time into a fresh table:
 * - runs the import CLI (`tsx local/cli/import.ts <folder>`, what `npm run import` runs) as a child process:
 *   a dry run, the import, and the same import again (nothing to change); wall-clock times, process start
 *   included;
 * - imports through the admin API's service with its 6-second budget per call, counting the calls the admin
 *   page would make with its progress bar.
 * Prints a markdown section and rewrites the "Import" section of docs/benchmarks.md (--no-write: print only).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportCsvFiles } from '../../lambdas/admin/export-service';
import { readDirectoryConsistent } from '../../lambdas/admin/admin-repository';
import { applyImport } from '../../lambdas/admin/import/import-service';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { logger } from '../../lambdas/common/logger';
import { generateSchool } from '../demo/generate-school';
import { dynamoClient, ensureTable, startDynamo } from '../dynamodb';
import { freePort } from '../ports';
import { kb, machineLine, writeSection } from './bench-report';

const REGION = 'ca-central-1';
const write = !process.argv.includes('--no-write');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface CliRun {
  ms: number;
  code: number;
  output: string;
}

/** Runs the import CLI in its own process against a table, as an operator would. */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['local/cli/import.ts', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ ms: performance.now() - started, code: code ?? 1, output }));
  });
}

async function main() {
  logger.setLogLevel('ERROR');
  // Figures from a busy machine mean little: say how busy it was.
  const load = os.loadavg()[0]!.toFixed(1);
  const school = generateSchool({ scale: 'benchmark' });
  const folder = mkdtempSync(path.join(os.tmpdir(), 'import-bench-'));
  const files = exportCsvFiles(school, school.settings, 'fr');
  let bytes = 0;
  for (const file of files) {
    writeFileSync(path.join(folder, file.name), file.text);
    bytes += Buffer.byteLength(file.text);
  }
  const rows = Object.fromEntries(files.map((file) => [file.name, file.text.split('\r\n').length - 2]));
  console.log(`• ${files.length} CSV files, ${kb(bytes)}, in ${folder}`);

  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const dynamo = await startDynamo({ port });
  const admin = dynamoClient(endpoint, REGION);
  const env = (table: string): NodeJS.ProcessEnv => ({
    ...process.env,
    TABLE_NAME: table,
    DYNAMODB_ENDPOINT: endpoint,
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  try {
    const cliTable = `import-bench-cli-${Date.now()}`;
    await ensureTable(admin, cliTable);
    // A first, untimed process start warms the JVM of DynamoDB Local and the file cache of tsx.
    await runCli(['--help'], env(cliTable));
    console.log('• CLI dry run…');
    const dry = await runCli([folder, '--dry-run', '--lang', 'en'], env(cliTable));
    console.log('• CLI import…');
    const run = await runCli([folder, '--lang', 'en'], env(cliTable));
    console.log('• CLI import again…');
    const again = await runCli([folder, '--lang', 'en'], env(cliTable));
    for (const result of [dry, run, again]) {
      if (result.code !== 0) throw new Error(`the import CLI failed:\n${result.output}`);
    }
    const writes = Number(/(\d+) write\(s\) planned/.exec(dry.output)?.[1] ?? NaN);
    const writePhase = /Import complete: \d+ write\(s\) in ([\d.]+) s/.exec(run.output)?.[1];
    if (!again.output.includes('Nothing to change')) throw new Error(`the second import changed something:\n${again.output}`);

    Object.assign(process.env, env(cliTable));
    resetDocumentClient();
    const imported = await readDirectoryConsistent();
    const check = (label: string, got: number, want: number) => {
      if (got !== want) throw new Error(`${label}: ${got} imported, ${want} expected`);
    };
    check('students', imported.students.length, school.students.length);
    check('parents', imported.parents.length, school.parents.length);
    check('family links', imported.families.length, school.families.length);
    check('memberships', imported.memberships.length, school.memberships.length);

    console.log('• Import through the API service, 6 s per call…');
    const apiTable = `import-bench-api-${Date.now()}`;
    await ensureTable(admin, apiTable);
    Object.assign(process.env, env(apiTable));
    resetDocumentClient();
    const apiStarted = performance.now();
    const callTimes: number[] = [];
    for (let complete = false; !complete && callTimes.length < 50; ) {
      const started = performance.now();
      const result = await applyImport(
        files.map(({ name, text }) => ({ name, text })),
        { actor: { kind: 'system', id: 'bench' }, budgetMs: 6_000 },
      );
      callTimes.push(performance.now() - started);
      complete = result.progress.complete;
    }
    const apiTotal = performance.now() - apiStarted;

    const markdown = `
Measured by \`npm run bench:import\` (local/bench/import-bench.ts) on ${machineLine()} (load average ${load} at the start).

Data: the benchmark demo school (${school.parents.length} parents, ${school.students.length} students, ${school.staff.length} staff, ${school.classes.length} classes, ${school.committees.length} committees, ${school.memberships.length} memberships) exported by the admin export to six French CSV files (${kb(bytes)}; rows: ${Object.entries(rows).map(([name, n]) => `${name} ${n}`).join(', ')}), imported into a fresh, empty table of DynamoDB Local (in memory, loopback). ${writes} items written (records, family links, memberships, registry entries, settings), in TransactWrite calls of up to 100 items, 4 at a time. DynamoDB Local is slower than DynamoDB: compare rows with each other.

| Step (\`npm run import\`, its own process, start-up included) | Time |
|---|---|
| Dry run: read, check and plan every row (\`--dry-run\`) | ${seconds(dry.ms)} |
| Import into the empty table | ${seconds(run.ms)} (writing: ${writePhase ?? '?'} s) |
| Same files again: nothing to change | ${seconds(again.ms)} |

Through the admin API's service (each call plans again and writes until 6 s, at least 2 s, as POST /api/admin/import/apply does): ${callTimes.length} call(s), ${seconds(apiTotal)} in all (${callTimes.map((t) => seconds(t)).join(', ')}).
`;
    console.log(markdown);
    if (write) {
      const file = path.resolve('docs/benchmarks.md');
      writeSection(file, 'Import', markdown);
      console.log(`• Wrote the "Import" section of ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    admin.destroy();
    dynamo.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`✖ ${(error as Error).stack ?? error}`);
  process.exit(1);
});
