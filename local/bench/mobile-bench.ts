/**
 * `npm run bench:mobile`: the sign-in page on a phone over mobile data, in headless Chromium.
 *
 * Profile (Chrome DevTools' "Slow 4G" with its mid-tier phone): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
 * up (CDP Network.emulateNetworkConditions), CPU slowed 4x (Emulation.setCPUThrottlingRate), a 412 x 915 screen.
 * The built frontend (frontend/dist; run `npm run build:web` first) is served from loopback as CloudFront serves it:
 * over HTTP/2 (lib/constructs/web.ts: HTTP2_AND_3; TLS with a throwaway self-signed certificate made by `openssl`,
 * which the bench's browser is told to accept), compressed (brotli or gzip, whichever the browser accepts; fonts as
 * they are) from an edge cache that already holds every file compressed, with a local /config.json, so the
 * figures are the page's own: no emulator is involved until someone signs in. (Until 2026-11-26 it served
 * HTTP/1.1, where Chromium opens at most six connections to a host and the sign-in page's ~40 files queued behind
 * them, and compressed each file on its first request, which the first run's first visit waited for.)
 *
 * Measures, for a first visit (empty cache) and a return visit (same browser context, once the service worker
 * that the first visit registered controls the page: its files cached):
 * - form usable: from navigation start to the frame that paints the sign-in form's email field, visible and
 *   enabled (the form index.html paints, or the app's: frontend/build/pre-painted-sign-in.ts);
 * - LCP: the largest contentful paint the browser reports.
 * Targets: first visit within 2.5 s, return visit within 1.5 s. Median of --runs (default 5) runs.
 * Options: --no-write (print only), --runs N, --dist DIR (another build, to compare two builds in the same minutes),
 * --serve-only (serve the build and print the port, for profiling by hand).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/browser';
import { machineLine, ms, writeSection } from './bench-report';
import { PRE_PAINTED } from '../../frontend/src/features/auth/pages/pre-painted-ids';

const write = !process.argv.includes('--no-write');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const distArg = process.argv.indexOf('--dist');
/** --dist DIR: another build (to compare two builds in the same minutes); frontend/dist by default. */
const DIST = path.resolve(distArg > 0 ? process.argv[distArg + 1]! : 'frontend/dist');
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2', '.html': 'text/html', '.json': 'application/json' };

const COMPRESSIBLE = /^(text\/|application\/json)/;
const compressedFiles = new Map<string, { body: Buffer; encoding?: string }>();

/**
 * A file as CloudFront serves it (lib/constructs/web.ts: CachingOptimized, compression on): brotli when the browser
 * accepts it, else gzip; fonts (woff2, compressed already) as they are. Compressed once per file and encoding.
 */
function compressed(file: string, type: string, acceptEncoding: string): { body: Buffer; encoding?: string } {
  const encoding = !COMPRESSIBLE.test(type) ? undefined : /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
  const key = `${encoding ?? 'identity'}:${file}`;
  let entry = compressedFiles.get(key);
  if (!entry) {
    const raw = readFileSync(file);
    entry = encoding === 'br' ? { body: brotliCompressSync(raw), encoding } : encoding === 'gzip' ? { body: gzipSync(raw, { level: 9 }), encoding } : { body: raw };
    compressedFiles.set(key, entry);
  }
  return entry;
}

/**
 * CloudFront compresses a file once and serves the compressed copy from its edge cache afterwards: compress every
 * file before the first visit, as a warm edge would hold them (brotli at quality 11 takes seconds of this machine's
 * CPU for the largest chunks, which a first visit measured here would otherwise wait for).
 */
function warmEdgeCache() {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(DIST)) {
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    compressed(file, type, 'br');
    compressed(file, type, 'gzip');
  }
}

/** Static files with the caching CloudFront gives them (hashed assets immutable, index.html revalidated). */
function serve(): Promise<Http2SecureServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-mobile-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  const tls = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  rmSync(dir, { recursive: true, force: true });
  warmEdgeCache();
  const config = JSON.stringify({ mode: 'local', region: 'ca-central-1', userPoolId: 'local_bench', userPoolClientId: 'bench', apiBaseUrl: '/api' });
  const server = createSecureServer({ ...tls, allowHTTP1: true }, (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(config);
      return;
    }
    const file = path.join(DIST, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    // Files at the root (sw.js, icons, manifests) as CloudFront serves them: without sw.js the service worker never
    // installed here, and no return visit was measured as a phone makes it.
    const exists = url.pathname !== '/' && existsSync(file) && statSync(file).isFile();
    const isAsset = url.pathname.startsWith('/assets/') && exists;
    const target = exists ? file : path.join(DIST, 'index.html');
    const type = TYPES[path.extname(target)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const { body, encoding } = compressed(target, type, String(req.headers['accept-encoding'] ?? ''));
    if (encoding) Object.assign(headers, { 'content-encoding': encoding, vary: 'Accept-Encoding' });
    res.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

type Sample = { usable: number; lcp: number; app: number };

async function visit(page: Page, url: string): Promise<Sample> {
  await page.goto(url, { waitUntil: 'commit' });
  const email = page.locator('input[type="email"]').first();
  await email.waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction((el) => !(el as { disabled?: boolean } | null)?.disabled, await email.elementHandle());
  // Usable once it is on screen too: the next animation frame, which paints it. Layout alone (what `visible`
  // checks) can come before any paint, while the page's style sheet, which blocks rendering, is still on its way.
  const painted = await page.evaluate(
    () =>
      new Promise<{ usable: number; lcp: number }>((resolve) => {
        // (The bench's types are Node's, without the DOM's animation frames.)
        (globalThis as unknown as { requestAnimationFrame: (callback: () => void) => void }).requestAnimationFrame(() => {
          const usable = performance.now();
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve({ usable, lcp: entries[entries.length - 1]!.startTime });
          }).observe({ type: 'largest-contentful-paint', buffered: true } as never);
        });
      }),
  );
  // The app in control: React's sign-in form has replaced the one index.html painted (there from the start with a
  // build that paints none). What was typed before carries over; the figure says when the app's code takes it.
  await page.locator(`#${PRE_PAINTED.rootId}`).waitFor({ state: 'detached', timeout: 60_000 });
  return { ...painted, app: await page.evaluate(() => performance.now()) };
}

/**
 * A return visit is a later visit: the service worker that the first visit registered (after its load event)
 * has installed and controls the page, so the page and its files come from its cache. Without this wait the
 * second visit started while the worker was still installing, and measured a visit that no phone makes: every
 * file revalidated, or not, depending on how fast the first visit had been.
 */
async function serviceWorkerInControl(page: Page): Promise<void> {
  // (The bench's types are Node's, without the DOM's service worker.)
  const inControl = () => (navigator as unknown as { serviceWorker?: { controller: unknown } }).serviceWorker?.controller != null;
  await page.waitForFunction(inControl, undefined, { timeout: 60_000 });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (process.argv.includes('--serve-only')) { const server = await serve(); console.log('PORT', (server.address() as AddressInfo).port); return; }
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('frontend/dist is missing: run npm run build:web first');
  const server = await serve();
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/auth`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'], headless: true });
  const first: Sample[] = [];
  const repeat: Sample[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      // bypassCSP: waitForFunction evaluates its predicate as code, which the app's Content-Security-Policy refuses.
      const context = await browser.newContext({
        viewport: { width: 412, height: 915 },
        isMobile: true,
        hasTouch: true,
        locale: 'fr-CA',
        bypassCSP: true,
        ignoreHTTPSErrors: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      first.push(await visit(page, url));
      await serviceWorkerInControl(page);
      repeat.push(await visit(page, url));
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  const row = (name: string, samples: Sample[], target: number) => {
    const usable = median(samples.map((s) => s.usable));
    const lcp = median(samples.map((s) => s.lcp));
    const met = Math.max(usable, lcp) <= target ? 'met' : 'missed';
    return `| ${name} | ${ms(usable)} | ${ms(lcp)} | ${target / 1000} s (${met}) | ${ms(median(samples.map((s) => s.app)))} |`;
  };
  const body = `
Measured by \`npm run bench:mobile\` (local/bench/mobile-bench.ts) on ${machineLine()}. Headless Chromium, "Slow 4G"
(150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed ${CPU_SLOWDOWN}x, 412 x 915 screen; /auth
served from ${path.relative(process.cwd(), DIST) || DIST} on loopback over HTTP/2, compressed as CloudFront compresses it (brotli or gzip, compressed
before the first visit as a warm edge holds it); median of ${RUNS} runs.

The form is usable once painted: the one index.html paints for a signed-out visit to /auth takes what is typed
and a press of its button, and the app's form carries them over when it replaces it (docs/frontend.md, "A sign-in
form before the scripts"); the last column is when that happens.

| Visit | Sign-in form usable | Largest contentful paint | Target | App's form in control |
|---|---|---|---|---|
${row('First visit (empty cache)', first, 2500)}
${row('Return visit (cached)', repeat, 1500)}
`;
  console.log(body);
  if (write) writeSection(path.resolve('docs/benchmarks.md'), 'Mobile first page', body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
