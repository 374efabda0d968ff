/**
 * `npm run bench:directory`: how fast and how big GET /api/directory is for a 1,000-family school.
 *
 * Starts an in-memory local stack on loopback ports (in this process: the gateway runs the real handlers here),
 * seeded with the benchmark demo school, then measures in the same run (a bounded number of calls each):
 * - the raw Query of the directory partition (DynamoDB Local, no parsing): what every read cost before snapshots;
 * - the raw Query of the stored snapshot's partition (no decompression): the floor of a read from a snapshot;
 * - one GetItem (the settings, strongly consistent): the floor of any call;
 * - GET /api/directory over HTTP through the local gateway: warm (snapshot and this viewer's compressed body in the
 *   function's memory), warm for a viewer not yet served at this version (the body is built: visibility rule, JSON,
 *   gzip), cold (memory forgotten before each call, as a fresh function: the stored snapshot is read), and the 304
 *   revalidation;
 * - DynamoDB calls per request of each kind, counted by a middleware on the one document client;
 * - the response size, raw and gzip.
 * Targets, as ratios of figures from this run: warm 200 within 1.5x of the raw snapshot read; 304 within 1.5x
 * of one GetItem; at most 2 DynamoDB calls for a warm read (now one: the version; the caller is found in its snapshot). Prints a markdown table
 * and rewrites the "Directory read" section of docs/benchmarks.md.
 *
 * Options: --calls=N (default 30, at most 200), --no-write (print only).
 */
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createCognitoClient } from '../../lambdas/common/cognito';
import { documentClient, resetDocumentClient, tableName } from '../../lambdas/common/dynamo';
import { DIRECTORY_PK, keys } from '../../lambdas/common/keys';
import { logger } from '../../lambdas/common/logger';
import { queryAll } from '../../lambdas/common/query';
import { forgetBodiesInMemory, forgetDirectoryInMemory } from '../../lambdas/directory/directory-snapshot';
import { BENCHMARK_FAMILIES } from '../demo/generate-school';
import { startLocalStack } from '../stack';
import { kb, machineLine, measure, ms, writeSection, type Timing } from './bench-report';
import { countDynamoCalls } from './dynamo-calls';
import { keepAliveAgent, rawRequest } from './raw-http';

const TARGET_GZIP_BYTES = 150 * 1024;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const calls = Math.min(200, Math.max(5, Number(arg('calls') ?? 30)));
const write = !process.argv.includes('--no-write');
/** Set once the stack's client exists (main). */
let dynamoCalls = { count: 0 };

/** Average DynamoDB calls of one request, over a few requests. */
async function callsPerRequest(request: () => Promise<unknown>, runs = 5): Promise<number> {
  dynamoCalls.count = 0;
  for (let i = 0; i < runs; i++) await request();
  return dynamoCalls.count / runs;
}

const verdict = (ok: boolean) => (ok ? '**met**' : '**NOT met**');
const ratio = (a: Timing, b: Timing) => a.p50 / b.p50;

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
    dynamoCalls = countDynamoCalls();
    console.log(`• Stack ready in ${((Date.now() - started) / 1000).toFixed(0)} s; measuring ${calls} calls per row…`);
    const token = await signIn(info.cognitoEndpoint, info.region, info.userPoolClientId, info.demoAccounts);
    const url = `${info.appUrl}/api/directory`;
    let etag = '';
    let body = '';
    // The bytes as they arrive, not decompressed: the server's time, as the snapshot read is timed without
    // decompression. The body is inflated once, after the timings, for its size and to check it is the directory.
    let gzipBody: Buffer = Buffer.alloc(0);
    const get = async (headers: Record<string, string>, status: number) => {
      const res = await rawGet(url, { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': 'gzip', ...headers });
      if (res.status !== status) throw new Error(`GET /api/directory answered ${res.status}, expected ${status}`);
      if (status === 200) {
        if (res.headers['content-encoding'] !== 'gzip') throw new Error('GET /api/directory answered without gzip');
        [etag, gzipBody] = [String(res.headers.etag ?? ''), res.body];
      }
    };
    const health = async () => {
      const res = await rawGet(`${info.appUrl}/api/health`, { Accept: 'application/json' });
      if (res.status !== 200) throw new Error(`GET /api/health answered ${res.status}`);
    };
    const warm = () => get({}, 200);
    const cold = () => {
      forgetDirectoryInMemory();
      return get({}, 200);
    };
    const newViewer = () => {
      forgetBodiesInMemory();
      return get({}, 200);
    };
    const revalidate = () => get({ 'If-None-Match': etag }, 304);
    const snapshotQuery = () =>
      queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.directorySnapshotPk() }, ConsistentRead: true });
    const getItem = () => documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.settings(), ConsistentRead: true }));

    // DynamoDB Local is a JVM: let its JIT settle before anything is timed, so rows compare fairly.
    for (let i = 0; i < 10; i++) await Promise.all([cold(), snapshotQuery(), getItem()]);
    const rows = {
      directoryQuery: await measure(
        () => queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': DIRECTORY_PK } }),
        calls,
      ),
      snapshot: await measure(snapshotQuery, calls),
      getItem: await measure(getItem, calls),
      warm: await measure(warm, calls),
      newViewer: await measure(newViewer, calls),
      cold: await measure(cold, calls),
      revalidate: await measure(revalidate, calls),
      health: await measure(health, calls),
    };
    body = gunzipSync(gzipBody).toString('utf8');
    if (!Array.isArray((JSON.parse(body) as { parents?: unknown }).parents)) throw new Error('GET /api/directory: not a directory');
    const perRequest = {
      warm: await callsPerRequest(warm),
      newViewer: await callsPerRequest(newViewer),
      cold: await callsPerRequest(cold),
      revalidate: await callsPerRequest(revalidate),
    };
    const parts = await snapshotQuery();
    const snapshotBytes = parts.reduce((sum, part) => sum + (part.data as Uint8Array).length, 0);
    console.log(report(rows, perRequest, { body, snapshotBytes, parts: parts.length }));
  } finally {
    await stop();
  }
}

type Rows = Record<'directoryQuery' | 'snapshot' | 'getItem' | 'warm' | 'newViewer' | 'cold' | 'revalidate' | 'health', Timing>;

function report(rows: Rows, perRequest: Record<'warm' | 'newViewer' | 'cold' | 'revalidate', number>, sizes: { body: string; snapshotBytes: number; parts: number }): string {
  const gzip = gzipSync(sizes.body).length;
  const row = (label: string, t: Timing, dynamo?: number) =>
    `| ${label} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.min)} | ${ms(t.max)} | ${t.runs} | ${dynamo === undefined ? '' : dynamo.toFixed(1)} |`;
  const warmRatio = ratio(rows.warm, rows.snapshot);
  const revalidateRatio = ratio(rows.revalidate, rows.getItem);
  const markdown = `
Measured by \`npm run bench:directory\` (local/bench/directory-bench.ts) on ${machineLine()}.

Data: the benchmark demo school (${BENCHMARK_FAMILIES} families), read as the demo parent over HTTP through the local gateway (token check, registry lookup, gzip), with the visibility rule applied per caller. The directory is served from a snapshot built once per directory version (docs/decisions/a-directory-read-near-the-floor-a-version-a-snapshot-per.md, "A directory read near the floor"), each viewer's body kept gzip-compressed per version ("The directory's warm read: one round trip, bytes ready"): ${sizes.parts} stored part(s), ${kb(sizes.snapshotBytes)} brotli. DynamoDB Local (in memory) on loopback: its absolute times are far slower than DynamoDB's; compare the rows with each other.

| Step | p50 | p95 | min | max | runs | DynamoDB calls per request |
|---|---|---|---|---|---|---|
${row('Raw Query of the directory partition (what a read cost before snapshots)', rows.directoryQuery)}
${row('Raw Query of the stored snapshot (no decompression)', rows.snapshot, 1)}
${row('One GetItem (settings, strongly consistent)', rows.getItem, 1)}
${row('GET, warm function (snapshot and this viewer’s gzip body in memory), 200', rows.warm, perRequest.warm)}
${row('GET, warm function, first read by this viewer at this version (body built), 200', rows.newViewer, perRequest.newViewer)}
${row('GET, cold function (memory forgotten: stored snapshot read), 200', rows.cold, perRequest.cold)}
${row('GET with a matching If-None-Match, 304', rows.revalidate, perRequest.revalidate)}
${row('GET /api/health (no token, no table: the gateway and HTTP alone)', rows.health, 0)}

| Target | Figure | Verdict |
|---|---|---|
| Warm 200 within 1.5x of the raw snapshot read | ${warmRatio.toFixed(2)}x | ${verdict(warmRatio <= 1.5)} |
| 304 within 1.5x of one GetItem | ${revalidateRatio.toFixed(2)}x | ${verdict(revalidateRatio <= 1.5)} |
| At most 2 DynamoDB calls for a warm read | ${perRequest.warm.toFixed(1)} | ${verdict(perRequest.warm <= 2)} |
| Under 150 KB gzip at 1,000 families | ${kb(gzip)} (JSON ${kb(Buffer.byteLength(sizes.body))}) | ${verdict(gzip < TARGET_GZIP_BYTES)} |
`;
  if (write) {
    const file = path.resolve('docs/benchmarks.md');
    writeSection(file, 'Directory read', markdown);
    console.log(`• Wrote the "Directory read" section of ${path.relative(process.cwd(), file)}`);
  }
  return markdown;
}

const agent = keepAliveAgent(1);
const rawGet = (url: string, headers: Record<string, string>) => rawRequest(url, { agent, headers });

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
