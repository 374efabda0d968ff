/**
 * `npm run bench:footprint`: what the application weighs and how long `npm start` takes to be ready.
 *
 * - Each Lambda bundle, built with esbuild exactly as the CDK stack bundles it (lib/constructs/lambda-bundling.ts:
 *   CommonJS, node22, minified, the runtime's AWS SDK external), minified and gzip (Lambda stores the zip), and
 *   its module load time (median of 20 fresh Node processes).
 * - The first page's JavaScript, CSS and fonts, apart (local/bench/first-page.ts says what counts), raw and gzip.
 *   Builds the frontend first.
 * - `npm start` to ready: the time from spawning local/start.ts to its "ready" banner, from an empty data folder
 *   (emulators, table, pool, demo school seeded) and again on the data it left (a second day's start).
 * Prints markdown and rewrites the "Footprint and start-up" section of docs/benchmarks.md.
 *
 * Options: --no-write (print only).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { kb, machineLine, writeSection } from './bench-report';
import { LAMBDA_ENTRIES, bundleLambda, moduleLoadMs } from './lambda-bundles';
import { FIRST_PAGE_CEILING_GZIP, FIRST_PAGE_TARGET_GZIP, firstPage } from './first-page';

const write = !process.argv.includes('--no-write');
/** Far from npm start's default ports, so a running `npm start` is not disturbed. */
const PORT_BASE = 3700;
const READY = /local stack ready in/;
const START_TIMEOUT_MS = 240_000;

async function lambdaSizes(): Promise<{ name: string; raw: number; gzip: number; loadMs: number }[]> {
  const rows = [];
  for (const entry of LAMBDA_ENTRIES) {
    const code = await bundleLambda(entry);
    rows.push({ name: entry, raw: code.byteLength, gzip: gzipSync(code).byteLength, loadMs: moduleLoadMs(entry, code) });
  }
  return rows;
}

/** Spawns `npm start`'s script on its own ports and data folder; resolves with the seconds to its ready banner. */
function timeStart(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, 'local/start.ts'], {
      env: { ...process.env, LOCAL_DATA_DIR: dataDir, LOCAL_PORT_BASE: String(PORT_BASE) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-2000)}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!READY.test(output)) return;
      const seconds = (Date.now() - started) / 1000;
      clearTimeout(timer);
      child.once('exit', () => resolve(seconds));
      child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (!READY.test(output)) {
        clearTimeout(timer);
        reject(new Error(`npm start exited (${code}) before ready:\n${output.slice(-2000)}`));
      }
    });
  });
}

async function main() {
  console.log('• Bundling the Lambda functions…');
  const lambdas = await lambdaSizes();
  console.log('• Building the frontend…');
  const built = spawnSync('npm', ['run', '--silent', 'build:web'], { stdio: 'ignore' });
  if (built.status !== 0) throw new Error('npm run build:web failed');
  const page = firstPage(path.resolve('frontend/dist'));
  console.log('• Timing npm start (empty data folder, then again on its data)…');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  let cold: number;
  let warm: number;
  try {
    cold = await timeStart(dataDir);
    warm = await timeStart(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pageRaw = page.raw.js + page.raw.css;
  const pageGzip = page.gzip.js + page.gzip.css;
  const body = `
Measured by \`npm run bench:footprint\` (local/bench/footprint-bench.ts) on ${machineLine()}; load average ${os.loadavg()[0]!.toFixed(1)} when it finished.

**Lambda bundles** (esbuild with the CDK stack's options, lib/constructs/lambda-bundling.ts: CommonJS, node22,
minified, the runtime's AWS SDK left out; limit 400 KB minified). Module load: median time to \`require\` the
bundle (the AWS SDK it uses included) in 20 fresh Node processes, what a cold start pays before the handler runs.

| Function | Minified | Gzip | Module load |
|---|---|---|---|
${lambdas.map((l) => `| \`${l.name}\` | ${kb(l.raw)} | ${kb(l.gzip)} | ${l.loadMs.toFixed(0)} ms |`).join('\n')}

**First page** (what \`index.html\` loads before any screen's own chunk: its entry script and the entry's static
imports, the French strings the first render waits for, its style sheet; Amplify, the other language and the
screens load afterwards; fonts are separate files a browser fetches only when text needs them; counted by
local/bench/first-page.ts). Target ${kb(FIRST_PAGE_TARGET_GZIP)} gzip for JS and CSS; the unit test's ceiling is ${kb(FIRST_PAGE_CEILING_GZIP)}.

| File | Kind | Raw | Gzip |
|---|---|---|---|
${page.files.map((f) => `| \`${f.name}\` | ${f.kind} | ${kb(f.raw)} | ${kb(f.gzip)} |`).join('\n')}
| **JavaScript** | | ${kb(page.raw.js)} | ${kb(page.gzip.js)} |
| **CSS** | | ${kb(page.raw.css)} | ${kb(page.gzip.css)} |
| **JS + CSS (budgeted)** | | **${kb(pageRaw)}** | **${kb(pageGzip)}** |
| Fonts (outside the budget) | | ${kb(page.raw.font)} | ${kb(page.gzip.font)} |

**\`npm start\` to ready** (the frontend already built; from spawning local/start.ts to its "ready" banner):

| Start | Seconds |
|---|---|
| First start: empty data folder (emulators, table, pool, demo school seeded) | ${cold.toFixed(1)} s |
| Next start: on the data the first one left | ${warm.toFixed(1)} s |
`;
  console.log(body);
  if (write) writeSection(path.resolve('docs/benchmarks.md'), 'Footprint and start-up', body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
