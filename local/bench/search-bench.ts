/**
 * `npm run bench:search`: what a keystroke in the Parents search costs, in Chromium, at 1,000 families.
 *
 * Starts an in-memory local stack seeded with the benchmark school, signs in as the demo parent through /auth,
 * opens /parents at 1440 px (table) and 375 px (cards), and types queries one key at a time, then erases them.
 * Per keystroke, from a Chromium trace: the main-thread CPU from the key press to the next painted frame
 * (INP-style: how long typing is blocked; the target is one 60 Hz frame, 16 ms), and to the painted frame that
 * shows the results of the new query (with the box when the same parents stay, else a frame after it);
 * in-page wall-clock timings; the search alone; and the same keys in a bare input on the same page, as this
 * machine's floor (keystroke-probe.ts). Each painted result count is checked against the same search run
 * here on the API response.
 * Prints a markdown table and rewrites the "Search per keystroke" section of docs/benchmarks.md.
 *
 * Options: --rounds=N (default 2: each query typed and erased N times per size), --no-write (print only),
 * --breakdown (also print where the key-to-results CPU went, by trace event, per screen size), --keys (also list
 * every keystroke: the query after it, the count shown, and its two CPU figures).
 */
import os from 'node:os';
import path from 'node:path';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import selectors from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { createCognitoClient } from '../../lambdas/common/cognito';
import { DirectoryResponseSchema } from '@shared/contracts/directory-api';
import { createMatcher } from '@shared/rules/search';
import { openBrowser, VIEWPORTS } from '../../test/support/browser';
import { BENCHMARK_FAMILIES } from '../demo/generate-school';
import { startLocalStack, type StackInfo } from '../stack';
import { machineLine, ms, writeSection } from './bench-report';
import { cpuBetweenMarks, traced } from './chromium-trace';
import { BASELINE_INPUT_ID, baselineProbe, searchProbe } from './keystroke-probe';

/** Under tsx (Node's ESM loader) this CommonJS module's default export arrives one level down. */
const createWrapper = (selectors as unknown as { default?: typeof selectors }).default ?? selectors;

const TARGET_MS = 16;
const QUERIES = ['francois tremblay', 'marie-eve', 'dube-martin'];
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const rounds = Math.min(10, Math.max(1, Number(arg('rounds') ?? 2)));
const write = !process.argv.includes('--no-write');
const breakdown = process.argv.includes('--breakdown');
const listKeys = process.argv.includes('--keys');
/** Between keystrokes, as a quick typist leaves (~6 keys a second with the round trips). */
const PAUSE_MS = 80;

interface Sample {
  /** Main-thread CPU from the key press to the next painted frame (from the trace). */
  cpu?: number;
  /** Main-thread CPU from the key press to the painted frame showing the new results (from the trace). */
  cpuResults?: number;
  nextPaint: number;
  resultsPaint: number;
  /** The result counter when the new results were painted. */
  counter: string;
}

async function signIn(page: Page, info: StackInfo, viewport: keyof typeof VIEWPORTS): Promise<void> {
  const account = info.demoAccounts.find((a) => a.role === 'parent')!;
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.goto(`${info.appUrl}/auth`);
  await page.getByLabel('Adresse courriel').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).last().click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
}

/** The Parents search as the page runs it, on the API's own response: the expected count per prefix. */
async function expectedCounts(info: StackInfo): Promise<{ count: (query: string) => number; parents: number }> {
  const account = info.demoAccounts.find((a) => a.role === 'parent')!;
  const cognito = createCognitoClient({ endpoint: info.cognitoEndpoint, region: info.region });
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: info.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  cognito.destroy();
  const response = await fetch(`${info.appUrl}/api/directory`, {
    headers: { Authorization: `Bearer ${auth.AuthenticationResult!.IdToken!}` },
  });
  const directory = DirectoryResponseSchema.parse(await response.json());
  const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  const match = createMatcher(directory.parents, (p) => [
    name(p),
    p.email,
    p.phone,
    p.address?.postalCode,
    ...p.childIndexes.map((s) => name(directory.students[s]!)),
  ]);
  return { count: (query) => match(query).length, parents: directory.parents.length };
}

/** The first number of the header's count sentence, its thousands separated by (narrow) spaces. */
const shownCount = (sentence: string) => Number(/^[\d\s\u00a0\u202f]+/.exec(sentence)?.[0].replace(/\D/g, '') ?? NaN);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

type TraceEvent = Awaited<ReturnType<typeof traced>>['events'][number];

/**
 * Where the key-to-results CPU went (--breakdown): the main thread's trace events inside the keystrokes' windows,
 * each counted by its self time (its thread time less that of the events nested in it), summed by name and
 * divided by the number of keystrokes; with the elements restyled per keystroke (UpdateLayoutTree's elementCount) and the
 * objects laid out (Layout's dirtyObjects).
 */
function printBreakdown(events: TraceEvent[], screen: string, endMark: 'end' | 'results'): void {
  const marks = new Map<string, number>();
  for (const e of events) if (e.name.startsWith('keystroke:')) marks.set(e.name, e.ts);
  const windows: [number, number][] = [];
  for (let n = 0; marks.has(`keystroke:${n}:start`); n++) {
    const end = marks.get(`keystroke:${n}:${endMark}`);
    if (end !== undefined) windows.push([marks.get(`keystroke:${n}:start`)!, end]);
  }
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && main && e.pid === main.pid && e.tid === main.tid)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  for (const e of onMain) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const cpu = e.tdur ?? e.dur!;
    self.set(e, cpu);
    const parent = stack.at(-1);
    if (parent) self.set(parent, self.get(parent)! - cpu);
    stack.push(e);
  }
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  const byName = new Map<string, number>();
  let elements = 0;
  let styles = 0;
  let layouts = 0;
  let laidOut = 0;
  let taskCount = 0;
  for (const [start, end] of windows) {
    const inWindow = tasks.filter((t) => t.ts < end && t.ts + t.dur! > start);
    taskCount += inWindow.length;
    for (const task of inWindow) {
      for (const e of onMain) {
        if (e.ts < task.ts || e.ts >= task.ts + task.dur!) continue;
        byName.set(e.name, (byName.get(e.name) ?? 0) + self.get(e)!);
        if (e.name === 'UpdateLayoutTree') {
          styles++;
          elements += Number((e.args as { elementCount?: number } | undefined)?.elementCount ?? 0);
        }
        if (e.name === 'Layout') {
          layouts++;
          laidOut += Number((e.args as { beginData?: { dirtyObjects?: number } } | undefined)?.beginData?.dirtyObjects ?? 0);
        }
      }
    }
  }
  const n = windows.length || 1;
  console.log(`  ${screen}, key to ${endMark === 'end' ? 'next paint' : 'results painted'}: per keystroke ${(taskCount / n).toFixed(1)} tasks, ${(styles / n).toFixed(1)} style passes, ${(elements / n).toFixed(0)} elements restyled, ${(layouts / n).toFixed(1)} layouts of ${(laidOut / n).toFixed(0)} dirty objects`);
  for (const [name, total] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`    ${(total / 1000 / n).toFixed(2).padStart(6)} ms  ${name}`);
  }
}

async function measureViewport(info: StackInfo, viewport: keyof typeof VIEWPORTS, expected: (q: string) => number) {
  // The keystroke probe evaluates code strings in the page, which the app's Content-Security-Policy refuses.
  const session = await openBrowser({ viewport, bypassCSP: true });
  try {
    const page = await session.newPage(viewport);
    await signIn(page, info, viewport);
    await page.goto(`${info.appUrl}/parents`);
    const wrapper = createWrapper();
    // The count is the header's sentence ("148 parents affichés sur 2 141"), a live region.
    const counter = wrapper.findContainer().findHeader().findHeader().findDescription().toSelector();
    const input = `${wrapper.findContainer().toSelector()} input[type=search]`;
    const results = `${wrapper.findContainer().findContent().toSelector()} [aria-busy]`;
    await page.locator(counter).waitFor({ timeout: 120_000 });
    await page.evaluate(searchProbe(input, counter, results));
    await page.locator(input).click();

    let verified = 0;
    let wrong = 0;
    const queries: string[] = [];
    const keystroke = async (key: string, query: string) => {
      const before = Number(await page.evaluate('window.__searchBench.samples.length'));
      await page.keyboard.press(key);
      // The pause first, then the read: the results paint within it (40 to 55 ms at p95), so nothing of this script
      // runs in the page while the keystroke is measured. Waiting at once, as earlier runs did, polled the page at
      // every frame inside the measured window (Playwright's predicate, its task and its serialisation), which the
      // bare input's keys never paid. A keystroke slower than the pause is still waited for, polled every 50 ms.
      await page.waitForTimeout(PAUSE_MS);
      await page.waitForFunction(`window.__searchBench.samples.length > ${before}`, undefined, { polling: 50 });
      const sample = (await page.evaluate(`window.__searchBench.samples[${before}]`)) as Sample;
      queries.push(query);
      const shown = shownCount(sample.counter);
      if (shown === expected(query)) verified++;
      else wrong++;
    };
    const cdp = await page.context().newCDPSession(page);
    const { events } = await traced(cdp, async () => {
      for (let round = 0; round < rounds; round++) {
        for (const query of QUERIES) {
          for (let i = 1; i <= query.length; i++) await keystroke(query[i - 1]!, query.slice(0, i));
          for (let i = query.length - 1; i >= 0; i--) await keystroke('Backspace', query.slice(0, i));
        }
      }
    });
    const data = (await page.evaluate('window.__searchBench')) as { samples: Sample[]; filter: number[] };
    if (breakdown) {
      printBreakdown(events, `${VIEWPORTS[viewport].width} px`, 'end');
      printBreakdown(events, `${VIEWPORTS[viewport].width} px`, 'results');
    }
    const cpu = cpuBetweenMarks(events, 'keystroke:');
    const cpuResults = cpuBetweenMarks(events, 'keystroke:', 'results');
    if (cpu.length !== data.samples.length || cpuResults.length !== data.samples.length) {
      throw new Error(`trace has ${cpu.length}/${cpuResults.length} keystrokes, page ${data.samples.length}`);
    }
    data.samples.forEach((sample, i) => {
      sample.cpu = cpu[i];
      sample.cpuResults = cpuResults[i];
    });
    if (listKeys) {
      data.samples.forEach((sample, i) => {
        const figures = `${ms(sample.cpu ?? NaN).padStart(8)} ${ms(sample.cpuResults ?? NaN).padStart(8)}`;
        console.log(`  ${VIEWPORTS[viewport].width} px ${figures}  ${String(shownCount(sample.counter)).padStart(5)}  «${queries[i]}»`);
      });
    }

    // The same keys in a bare input on the same page: the floor no app code can go under.
    await page.evaluate(baselineProbe());
    await page.locator(`#${BASELINE_INPUT_ID}`).click();
    const baseline = await traced(cdp, async () => {
      for (const key of QUERIES.join('')) {
        await page.keyboard.press(key);
        await page.waitForTimeout(PAUSE_MS);
      }
    });
    return { samples: data.samples, filter: data.filter, verified, wrong, baseline: cpuBetweenMarks(baseline.events, 'baseline:') };
  } finally {
    await session.close();
  }
}

async function main() {
  const started = Date.now();
  console.log(`• Starting an in-memory local stack with ${BENCHMARK_FAMILIES} families (seeding takes a while)…`);
  const { info, stop } = await startLocalStack({
    webDir: path.resolve(process.env.TEST_WEB_DIR ?? 'frontend/dist'),
    seed: { scale: 'benchmark' },
    logLevel: 'ERROR',
  });
  try {
    console.log(`• Stack ready in ${((Date.now() - started) / 1000).toFixed(0)} s; typing in Chromium…`);
    const { count, parents } = await expectedCounts(info);
    const rows: string[] = [];
    let typingMet = true;
    let resultsMet = true;
    let allVerified = true;
    const load = os.loadavg()[0]!;
    const pair = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}`;
    for (const viewport of ['desktop', 'mobile'] as const) {
      const result = await measureViewport(info, viewport, count);
      const cpu = result.samples.map((s) => s.cpu ?? NaN);
      const cpuResults = result.samples.map((s) => s.cpuResults ?? NaN);
      typingMet &&= percentile(cpu, 95) < TARGET_MS;
      resultsMet &&= percentile(cpuResults, 95) < TARGET_MS;
      allVerified &&= result.wrong === 0;
      const screen = `${VIEWPORTS[viewport].width} px (${viewport === 'desktop' ? 'table' : 'cards'})`;
      const cells = [
        screen,
        String(cpu.length),
        `**${pair(cpu)}**`,
        `**${pair(cpuResults)}**`,
        `${ms(Math.max(...cpu))} / ${ms(Math.max(...cpuResults))}`,
        pair(result.baseline),
        pair(result.samples.map((s) => s.nextPaint)),
        pair(result.samples.map((s) => s.resultsPaint)),
        pair(result.filter),
        `${result.verified}/${result.verified + result.wrong}`,
      ];
      rows.push(`| ${cells.join(' | ')} |`);
      console.log(
        `  ${screen}: CPU p50 / p95 to next paint ${pair(cpu)}, to results painted ${pair(cpuResults)} (bare input ${pair(result.baseline)})`,
      );
    }
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    const loadAfter = os.loadavg()[0]!;
    const markdown = `
Measured by \`npm run bench:search\` (local/bench/search-bench.ts) on ${machineLine()}. Headless Chromium (system build), no CPU throttling; load average ${load.toFixed(1)} when the run started and ${loadAfter.toFixed(1)} when it ended, on ${os.cpus().length} cores (other work shares this machine: a load above the core count inflates every figure, the bare input's too).

Data: the benchmark demo school (${BENCHMARK_FAMILIES} families, ${parents} parents; 10 per page). The queries ${QUERIES.map((q) => `\`${q}\``).join(', ')} are typed one key at a time in the Parents search (${PAUSE_MS} ms apart), then erased with Backspace, ${rounds} time(s) per screen size; every keystroke is one sample.

A keystroke is handled in one or two steps (useDeferredSearchText in frontend/src/lib/use-url-state.ts). When the list would show the same parents after the key (the list's own search answers in the key's event), the box, the highlights and the count are rendered together in the key's frame. Otherwise the key's own frame updates the search box only; once that frame is painted, the list renders the results of the new query as a React transition (\`startTransition\`), work that React interrupts if another key comes first. Hence two figures, both main-thread CPU time from Chromium's trace, counting every task that ran (event handling, search, React, style, layout, paint, and anything else on that thread):

- **Key to next paint** (INP-style): from the key press to the end of the first frame after it (that frame's own style, layout, paint and commit included; work queued behind the frame is not). How long typing can be held up: the box shows the new letter then. Earlier runs (their "CPU to next paint" column) asked for a frame only once the key's task was over, which Chromium could run after a first frame, and ended at the first task after that frame: they also counted work queued behind the first frame. Compare with them through **Key to results painted**, which covers the whole update as they did. The bare input is measured the new way too, hence lower than in those runs.
- **Key to results painted**: from the key press to the painted frame whose results and count are those of the new query (the page marks the results \`aria-busy\` until they are; the probe watches that attribute, then waits for the next painted frame). What the whole update costs.
- **Bare input**: key to next paint for the same keys typed in a plain \`<input>\` added to the same page: what this machine and browser spend on a keystroke before any app code. Compare machines with it.
- **Wall**: the same two intervals measured in the page with \`performance.now()\` from the key event's timestamp; they include waiting for frames and time the machine gave to other processes.
- **Search only**: the \`directory-search:parents\` User Timing measure (the accent-insensitive match over every parent).
- **Counts verified**: keystrokes whose result count, painted with the new results, equals the same search run on the API response.

| Screen | Keystrokes | Key to next paint: CPU p50 / p95 | Key to results painted: CPU p50 / p95 | CPU max (next paint / results) | Bare input p50 / p95 | Wall: next paint p50 / p95 | Wall: results painted p50 / p95 | Search only p50 / p95 | Counts verified |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Target: under ${TARGET_MS} ms per keystroke at 1,000 families (p95, both screens). Key to next paint (typing never held up longer than a frame): **${verdict(typingMet)}**. Key to results painted (the whole update within a frame's worth of CPU): **${verdict(resultsMet)}**.${allVerified ? '' : ' Some painted counts did not match the expected search: the figures are suspect.'}
`;
    console.log(markdown);
    if (write) {
      const file = path.resolve('docs/benchmarks.md');
      writeSection(file, 'Search per keystroke', markdown);
      console.log(`• Wrote the "Search per keystroke" section of ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ Search benchmark failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
