/**
 * `npm run bench:load`: 50 concurrent clients for 60 seconds on the directory read, then on the health route,
 * then on validateEmailV2, against an in-memory local stack on loopback (nothing else is ever targeted), seeded
 * with the demo school.
 *
 * - Directory: every client signs in as the demo parent and loops on GET /api/directory (full 200 responses,
 *   no If-None-Match); the DynamoDB calls they caused are counted. Targets: zero errors (anything but 200, or a failed connection), and a throughput at
 *   least a quarter of the health route's in the same run.
 * - Health: GET /api/health (public, no table access): the cheapest route, the gateway's own floor.
 * - validateEmailV2: every client loops on POST /api/validateEmailV2 with registered and unknown addresses. All
 *   come from one loopback address, so the per-address limit soon answers 429: expected, counted apart.
 * Reports requests, throughput and p50/p95/p99 latency, and rewrites the "Load (loopback)" section of
 * docs/benchmarks.md.
 *
 * Options (bounded): --clients=N (default 50, at most 50), --seconds=N (default 60, at most 60), --no-write.
 */
import os from 'node:os';
import path from 'node:path';
import { generateSchool } from '../demo/generate-school';
import { demoTokens } from '../sign-in';
import { startLocalStack } from '../stack';
import { machineLine, ms, writeSection } from './bench-report';
import { countDynamoCalls } from './dynamo-calls';
import { keepAliveAgent, rawRequest } from './raw-http';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const clients = Math.min(50, Math.max(1, Number(arg('clients') ?? 50)));
const seconds = Math.min(60, Math.max(1, Number(arg('seconds') ?? 60)));
const write = !process.argv.includes('--no-write');

interface Outcome {
  requests: number;
  latencies: number[];
  byStatus: Map<string, number>;
  elapsed: number;
}

/** Runs `clients` loops of `call` for `seconds`; every answer's status (or `network`) and latency is kept. */
async function hammer(call: () => Promise<number>): Promise<Outcome> {
  const latencies: number[] = [];
  const byStatus = new Map<string, number>();
  const deadline = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const t = performance.now();
        let status: string;
        try {
          status = String(await call());
        } catch {
          status = 'network';
        }
        latencies.push(performance.now() - t);
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, latencies, byStatus, elapsed: (performance.now() - started) / 1000 };
}


const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function row(name: string, o: Outcome, errors: number, note: string): string {
  const statuses = [...o.byStatus.entries()].sort().map(([s, n]) => `${s}: ${n}`).join(', ');
  return `| ${name} | ${o.requests} | ${(o.requests / o.elapsed).toFixed(0)}/s | ${ms(pct(o.latencies, 50))} | ${ms(pct(o.latencies, 95))} | ${ms(pct(o.latencies, 99))} | ${statuses} | **${errors}** ${note} |`;
}

async function main() {
  console.log('• Starting an in-memory local stack with the demo school…');
  const { info, stop } = await startLocalStack({ webDir: path.resolve('frontend/dist'), logLevel: 'WARN', quietEmulators: true });
  try {
    const url = new URL(info.appUrl);
    if (!['127.0.0.1', 'localhost', '::1'].includes(url.hostname)) throw new Error('load tests target loopback only');
    const token = (await demoTokens(info)).parent;
    // One kept-alive connection per client, as each browser keeps its own.
    const agent = keepAliveAgent(clients);
    const emails = generateSchool()
      .parents.map((p) => p.email)
      .filter((e): e is string => !!e)
      .slice(0, 50);

    console.log(`• Directory: ${clients} clients for ${seconds} s…`);
    // As a browser asks (Accept, Accept-Encoding: gzip); the bytes are taken as they come (local/bench/raw-http.ts).
    const directoryHeaders = { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': 'gzip' };
    // Once before the clock starts: the snapshot of this version is built and the demo parent's body prepared, as
    // in a function that has served a read before (bench:directory measures the cold and first reads apart).
    const warm = await rawRequest(`${info.appUrl}/api/directory`, { agent, headers: directoryHeaders });
    if (warm.status !== 200) throw new Error(`GET /api/directory answered ${warm.status}`);
    const dynamoCalls = countDynamoCalls();
    const directory = await hammer(async () => (await rawRequest(`${info.appUrl}/api/directory`, { agent, headers: directoryHeaders })).status);
    const directoryCalls = dynamoCalls.count;
    console.log(`• Health: ${clients} clients for ${seconds} s…`);
    const health = await hammer(async () => (await rawRequest(`${info.appUrl}/api/health`, { agent, headers: { Accept: 'application/json' } })).status);
    let n = 0;
    console.log(`• validateEmailV2: ${clients} clients for ${seconds} s…`);
    const validate = await hammer(async () => {
      const i = n++;
      const email = i % 2 === 0 ? emails[i % emails.length]! : `personne-${i}@inconnu.example`;
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
      return (await rawRequest(`${info.appUrl}/api/validateEmailV2`, { agent, method: 'POST', headers, body: JSON.stringify({ email }) })).status;
    });

    const errorsOf = (o: Outcome, ok: string[]) =>
      [...o.byStatus.entries()].filter(([s]) => !ok.includes(s)).reduce((sum, [, c]) => sum + c, 0);
    const directoryErrors = errorsOf(directory, ['200']);
    const validateErrors = errorsOf(validate, ['200', '429']);
    const healthErrors = errorsOf(health, ['200']);
    const rate = (o: Outcome) => o.requests / o.elapsed;
    const share = rate(directory) / rate(health);
    const body = `
Measured by \`npm run bench:load\` (local/bench/load-bench.ts) on ${machineLine()}; load average ${os.loadavg()[0]!.toFixed(1)} at the end.

${clients} concurrent clients for ${seconds} s per route, on loopback, against the local stack (the real handlers
through the local gateway, DynamoDB Local, cognito-local) seeded with the demo school (${generateSchool().parents.length}
parents). Client, gateway and emulators share the machine's cores, so these figures are a floor for a laptop, not
a forecast for AWS. Every client asks as a browser does (Accept, Accept-Encoding: gzip) over one kept-alive connection,
and takes the bytes as they come (not inflated: the clients share the server's process). Directory: full 200
responses (no revalidation), as the demo parent, after one read that warms the function (bench:directory measures
cold and first reads apart). validateEmailV2: half registered, half unknown
addresses, all from one address, so its per-address limit answers 429 (expected, not an error).

| Route | Requests | Throughput | p50 | p95 | p99 | Statuses | Errors |
|---|---|---|---|---|---|---|---|
${row('GET /api/directory', directory, directoryErrors, directoryErrors === 0 ? '(target: 0, met)' : '(target: 0, NOT met)')}
${row('GET /api/health', health, healthErrors, '')}
${row('POST /api/validateEmailV2', validate, validateErrors, '(429 counted apart)')}

DynamoDB calls per directory request: ${(directoryCalls / directory.requests).toFixed(2)} (${directoryCalls} calls for
${directory.requests} requests: requests asking while a version read is on its way share the next one, never one
sent before they asked; docs/decisions/concurrent-directory-reads-share-one-version-read.md, "Concurrent directory reads share one version read". Served one at a
time, as by a standard Lambda instance, every request reads the version itself: bench:directory).

Directory throughput against the health route's, same run: ${share.toFixed(2)} (target: at least 0.25,
**${share >= 0.25 ? 'met' : 'NOT met'}**).
`;
    console.log(body);
    if (write) writeSection(path.resolve('docs/benchmarks.md'), 'Load (loopback)', body);
    if (directoryErrors > 0 || validateErrors > 0 || healthErrors > 0) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
