/**
 * `npm run bench:directory`: how fast and how big GET /api/directory is for a 1,000-family school.
 *
 * Starts an in-memory local stack on loopback ports, seeded with the benchmark demo school, then measures
 * (a bounded number of calls, each phase capped in time):
 * - the raw Query of the directory partition (DynamoDB Local, no parsing): the floor;
 * - the server's read path in-process: Query + settings GetItem + schema parsing + the service + JSON + ETag;
 * - the service alone on an in-memory snapshot (our CPU cost);
 * - GET /api/directory over HTTP through the local gateway (token check, gzip), and its 304 revalidation;
 * - the response size, raw and gzip.
 * Prints a markdown table and rewrites the "Directory read" section of docs/benchmarks.md.
 *
 * Options: --calls=N (default 30, at most 200), --no-write (print only).
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createCognitoClient } from '../../lambdas/common/cognito';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { entityTag } from '../../lambdas/common/etag';
import { DIRECTORY_PK } from '../../lambdas/common/keys';
import { logger } from '../../lambdas/common/logger';
import { getSettings, readDirectory } from '../../lambdas/directory/directory-repository';
import { buildDirectoryResponse, type DirectoryViewer } from '../../lambdas/directory/directory-service';
import { queryAll } from '../../lambdas/common/query';
import { BENCHMARK_FAMILIES } from '../demo/generate-school';
import { startLocalStack } from '../stack';
import { kb, machineLine, measure, ms, writeSection, type Timing } from './bench-report';

const TARGET_GZIP_BYTES = 150 * 1024;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const calls = Math.min(200, Math.max(5, Number(arg('calls') ?? 30)));
const write = !process.argv.includes('--no-write');

/**
 * Who reads: the demo parent, so the visibility rule runs per caller as in the handler (set once the demo parent's
 * record is known; nobody in particular before that).
 */
let viewer: DirectoryViewer = { parentIds: new Set(), staff: false };

/** The whole server-side read, as the handler does it after the access check. */
async function serverRead() {
  const [snapshot, settings] = await Promise.all([readDirectory(), getSettings()]);
  const body = JSON.stringify(buildDirectoryResponse({ ...snapshot, settings }, viewer));
  return { snapshot, settings, body, etag: entityTag(body) };
}

async function main() {
  // The logger was made at import time, before the stack set LOG_LEVEL: one line per request would be noise.
  logger.setLogLevel('ERROR');
  const started = Date.now();
  console.log(`• Starting an in-memory local stack with ${BENCHMARK_FAMILIES} families (seeding takes a while)…`);
  const { info, stop } = await startLocalStack({
    webDir: path.resolve('frontend/dist'),
    seed: { scale: 'benchmark' },
    logLevel: 'ERROR',
  });
  try {
    resetDocumentClient();
    console.log(`• Stack ready in ${((Date.now() - started) / 1000).toFixed(0)} s; measuring ${calls} calls per row…`);

    const demoParent = info.demoAccounts.find((a) => a.role === 'parent')!.email;
    viewer = { parentIds: new Set((await readDirectory()).parents.filter((p) => p.email === demoParent).map((p) => p.id)), staff: false };
    // DynamoDB Local is a JVM: let its JIT settle before anything is timed, so rows compare fairly.
    for (let i = 0; i < 10; i++) await serverRead();
    const sample = await serverRead();
    const { snapshot, settings, body } = sample;
    const response = buildDirectoryResponse({ ...snapshot, settings }, viewer);
    const sizes = {
      raw: Buffer.byteLength(body),
      gzip: gzipSync(body).length,
      gzipFast: gzipSync(body, { level: 1 }).length,
      gzipBest: gzipSync(body, { level: 9 }).length,
    };

    const rawQuery = await measure(
      () => queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': DIRECTORY_PK } }),
      calls,
    );
    const read = await measure(serverRead, calls);
    const service = await measure(() => {
      const json = JSON.stringify(buildDirectoryResponse({ ...snapshot, settings }, viewer));
      return entityTag(json);
    }, calls);

    const token = await signIn(info.cognitoEndpoint, info.region, info.userPoolClientId, info.demoAccounts);
    const url = `${info.appUrl}/api/directory`;
    const get = async (headers: Record<string, string>, status: number) => {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip', ...headers } });
      await res.arrayBuffer();
      if (res.status !== status) throw new Error(`GET /api/directory answered ${res.status}, expected ${status}`);
    };
    const http200 = await measure(() => get({}, 200), calls);
    const http304 = await measure(() => get({ 'If-None-Match': sample.etag }, 304), calls);

    const row = (label: string, t: Timing) =>
      `| ${label} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.min)} | ${ms(t.max)} | ${t.runs} |`;
    const markdown = `
Measured by \`npm run bench:directory\` (local/bench/directory-bench.ts) on ${machineLine()}.

Data: the benchmark demo school (${BENCHMARK_FAMILIES} families): ${response.students.length} students, ${response.parents.length} parents, ${response.staff.length} staff, ${response.classes.length} classes, ${response.committees.length} committees; ${snapshot.stats.items} items in the directory partition, read in ${snapshot.stats.pages} Query page(s); read as the demo parent, with the visibility rule applied per caller as the handler does. DynamoDB Local (in memory) on loopback: its absolute times are far slower than DynamoDB's; compare the rows with each other.

| Step | p50 | p95 | min | max | runs |
|---|---|---|---|---|---|
${row('Raw Query of the partition (no parsing)', rawQuery)}
${row('Server read: Query + settings + parse + service + JSON + ETag', read)}
${row('Service alone (snapshot in memory): DTO + JSON + ETag', service)}
${row('HTTP GET through the local gateway, gzip (200)', http200)}
${row('HTTP GET with a matching If-None-Match (304)', http304)}

| Response size | Bytes |
|---|---|
| JSON | ${kb(sizes.raw)} |
| gzip (level 6, as the local gateway sends it) | ${kb(sizes.gzip)} |
| gzip level 1 / level 9 | ${kb(sizes.gzipFast)} / ${kb(sizes.gzipBest)} |

Target: under 150 KB gzip at 1,000 families: **${sizes.gzip < TARGET_GZIP_BYTES ? 'met' : 'NOT met'}** (${kb(sizes.gzip)}). The response's shape was chosen for it (docs/decisions.md, "Directory relations are positions"). A 304 still reads the whole directory: the ETag is a hash of the body.
`;
    console.log(markdown);
    if (write) {
      const file = path.resolve('docs/benchmarks.md');
      writeSection(file, 'Directory read', markdown);
      console.log(`• Wrote the "Directory read" section of ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await stop();
  }
}

async function signIn(
  endpoint: string,
  region: string,
  clientId: string,
  accounts: { role: string; email: string; password: string }[],
): Promise<string> {
  const account = accounts.find((a) => a.role === 'parent')!;
  const cognito = createCognitoClient({ endpoint, region });
  try {
    const result = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      }),
    );
    return result.AuthenticationResult!.IdToken!;
  } finally {
    cognito.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ Directory benchmark failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
