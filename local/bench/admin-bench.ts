/**
 * `npm run bench:admin`: the waits a person sees on the demo school, through the real local stack (issue 33, item 3
 * and 4): the handlers behind the local gateway, DynamoDB Local, cognito-local, the SES emulator, Chromium.
 *
 * 1. A parent's first sign-in on a stack just started as `npm start` starts it (its handlers loaded in the background
 *    once it is up: the load times are reported), then the same on the warm stack: from the click on
 *    "Se connecter" (the /auth page already shown) to the dashboard's heading, and to the end of the last API call
 *    the dashboard makes; every call of the first sign-in is listed with its time.
 * 2. An administrator's actions, over HTTP as the admin screens send them: starting a campaign (every parent and
 *    staff member a participant), a single invitation (the send job for one parent, then `continue` until done).
 * 3. In Chromium on a warm page: the paper letters (the campaign page's button to the saved file) and a one-class
 *    PDF of the directory (the print form opened, Create clicked a second later, to the file).
 * Prints a markdown table and rewrites the "Admin waits" section of docs/benchmarks.md.
 *
 * Options: --runs=N (default 3: runs of each warm measure), --no-write (print only).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { logger } from '../../lambdas/common/logger';
import { CONFIRMATION_WORD, ParticipantsResponseSchema, SendJobProgressSchema, StartCampaignResponseSchema } from '@shared/contracts/annual-update-api';
import { openBrowser, type BrowserSession } from '../../test/support/browser';
import { idTokenFor } from '../sign-in';
import { startLocalStack, type StackInfo } from '../stack';
import { machineLine, ms, writeSection } from './bench-report';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Math.min(10, Math.max(1, Number(arg('runs') ?? 3)));
const write = !process.argv.includes('--no-write');

const TARGETS = { action: 1_000, signIn: 2_000, letters: 1_500, pdf: 1_000 };

interface Row {
  label: string;
  times: number[];
  target: number;
  note?: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function api(info: StackInfo, token: string, method: string, route: string, body?: unknown): Promise<{ status: number; json: unknown; ms: number }> {
  const start = performance.now();
  const response = await fetch(`${info.appUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json().catch(() => undefined)) as unknown;
  return { status: response.status, json, ms: performance.now() - start };
}

/** The sign-in form's click to the dashboard; the API calls made meanwhile, with their times. */
async function signIn(session: BrowserSession, info: StackInfo, role: 'parent' | 'admin'): Promise<{ page: Page; heading: number; settled: number; calls: string[] }> {
  const account = info.demoAccounts.find((a) => a.role === role)!;
  const context = await session.newContext('desktop');
  const page = await context.newPage();
  await page.goto(`${info.appUrl}/auth`);
  await page.getByLabel('Adresse courriel').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  const calls: { url: string; start: number; end: number }[] = [];
  const clickedAt = performance.now();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') || url.port === new URL(info.cognitoEndpoint).port) {
      const end = performance.now();
      const timing = request.timing();
      calls.push({ url: `${request.method()} ${url.pathname === '/' ? String(request.headers()['x-amz-target'] ?? '/') : url.pathname}`, start: end - timing.responseEnd, end });
    }
  });
  await page.getByRole('button', { name: 'Se connecter' }).last().click();
  await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Tableau de bord' }).waitFor({ timeout: 60_000 });
  const heading = performance.now() - clickedAt;
  await page.waitForLoadState('networkidle');
  const settled = Math.max(heading, ...calls.map((c) => c.end - clickedAt));
  const listed = calls.map((c) => `${c.url} (${ms(c.end - c.start)}, ended at ${ms(c.end - clickedAt)})`);
  return { page, heading, settled, calls: listed };
}

/** One click to a saved file (a download event), in ms. */
async function toDownload(page: Page, click: () => Promise<void>): Promise<number> {
  const start = performance.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  const elapsed = performance.now() - start;
  await download.delete();
  return elapsed;
}

/** Closes the open campaign (if any) and starts the campaign of `year`; its id and the request's time. */
async function newCampaign(info: StackInfo, admin: string, year: number, openId?: string): Promise<{ id: string; ms: number }> {
  if (openId) await api(info, admin, 'POST', `/api/admin/annual-update/campaigns/${openId}/close`);
  const body = { schoolYear: `${year}-${year + 1}`, includeStaff: true, confirmation: CONFIRMATION_WORD };
  const started = await api(info, admin, 'POST', '/api/admin/annual-update/campaigns', body);
  if (started.status >= 300) throw new Error(`campaign start: ${started.status} ${JSON.stringify(started.json)}`);
  return { id: StartCampaignResponseSchema.parse(started.json).campaign.id, ms: started.ms };
}

async function adminActions(info: StackInfo, admin: string, rows: Row[]): Promise<string> {
  const starts: number[] = [];
  let campaignId: string | undefined;
  for (let run = 0; run < runs; run++) {
    const started = await newCampaign(info, admin, 2100 + run, campaignId);
    starts.push(started.ms);
    campaignId = started.id;
  }
  if (!campaignId) throw new Error('no campaign');
  const listed = ParticipantsResponseSchema.parse((await api(info, admin, 'GET', `/api/admin/annual-update/campaigns/${campaignId}/participants`)).json);
  rows.push({ label: `Start a campaign (${listed.participants.length} participants, staff included)`, times: starts, target: TARGETS.action });

  const reachable = listed.participants.filter((p) => !p.unreachable && p.kind !== 'staff');
  const first: number[] = [];
  const whole: number[] = [];
  for (let run = 0; run < runs; run++) {
    const path = `/api/admin/annual-update/campaigns/${campaignId}/send-jobs`;
    const created = await api(info, admin, 'POST', path, { mode: 'selected', parentIds: [reachable[run]!.parentId] });
    if (created.status >= 300) throw new Error(`send job: ${created.status} ${JSON.stringify(created.json)}`);
    let job = SendJobProgressSchema.parse(created.json);
    let elapsed = created.ms;
    first.push(elapsed);
    while (job.status !== 'completed') {
      const next = await api(info, admin, 'POST', `${path}/${job.jobId}/continue`);
      if (next.status >= 300) throw new Error(`continue: ${next.status} ${JSON.stringify(next.json)}`);
      elapsed += next.ms;
      job = SendJobProgressSchema.parse(next.json);
    }
    whole.push(elapsed);
  }
  rows.push({ label: 'A single invitation: the job created (first progress shown)', times: first, target: TARGETS.action });
  rows.push({ label: 'A single invitation: sent (job created + `continue` until done)', times: whole, target: TARGETS.action });
  return campaignId;
}

/** Each run prints a new campaign's first letters (the campaign page's first button), on a page already shown. */
async function lettersAndPdf(session: BrowserSession, info: StackInfo, admin: string, campaignId: string, rows: Row[]): Promise<void> {
  const { page: adminPage } = await signIn(session, info, 'admin');
  await adminPage.goto(`${info.appUrl}/admin/annual-update`);
  const letters: number[] = [];
  let count = '';
  let openId = campaignId;
  for (let run = 0; run < runs; run++) {
    if (run > 0) {
      openId = (await newCampaign(info, admin, 2200 + run, openId)).id;
      await adminPage.reload();
    }
    const button = adminPage.getByRole('button', { name: /^Télécharger les lettres papier/ });
    await button.waitFor({ timeout: 60_000 });
    count = (await button.textContent()) ?? '';
    await adminPage.waitForLoadState('networkidle');
    letters.push(await toDownload(adminPage, () => button.click()));
  }
  rows.push({ label: `Paper letters, warm page (${count.replace(/\D+/g, '')} letters), click to file`, times: letters, target: TARGETS.letters });

  const { page } = await signIn(session, info, 'parent');
  const pdf: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.getByRole('button', { name: 'Imprimer le bottin (PDF)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Imprimer le bottin' });
    await dialog.waitFor();
    await page.getByText('Une classe', { exact: true }).click();
    await page.waitForTimeout(1_000);
    pdf.push(await toDownload(page, () => dialog.getByRole('button', { name: 'Créer le PDF' }).click()));
    await dialog.waitFor({ state: 'hidden' });
  }
  rows.push({ label: 'One class PDF, warm page (Create clicked 1 s after the form opened), click to file', times: pdf, target: TARGETS.pdf });
}

async function main() {
  logger.setLogLevel('ERROR');
  console.log('• Starting an in-memory local stack (demo school)…');
  const webDir = path.resolve(process.env.TEST_WEB_DIR ?? 'frontend/dist');
  const { info, stop, handlersLoaded } = await startLocalStack({ webDir, logLevel: 'ERROR', quietEmulators: true, preloadHandlers: true });
  const session = await openBrowser();
  try {
    const rows: Row[] = [];
    // As after `npm start`: the handlers load once the stack is up (a person opening the page gives them the time).
    const loads = (await handlersLoaded) ?? {};
    console.log('• First sign-in on the stack just started…');
    const cold = await signIn(session, info, 'parent');
    const warmHeading: number[] = [];
    const warmSettled: number[] = [];
    for (let run = 0; run < runs; run++) {
      const warm = await signIn(session, info, 'parent');
      warmHeading.push(warm.heading);
      warmSettled.push(warm.settled);
      await warm.page.context().close();
    }
    rows.push({ label: "Parent's first sign-in, stack just started: click to the dashboard's heading", times: [cold.heading], target: TARGETS.signIn });
    rows.push({ label: "Parent's first sign-in, stack just started: click to the dashboard's last API answer", times: [cold.settled], target: TARGETS.signIn });
    rows.push({ label: 'Sign-in on the warm stack (new browser profile): click to the heading', times: warmHeading, target: TARGETS.signIn });
    rows.push({ label: 'Sign-in on the warm stack: click to the last API answer', times: warmSettled, target: TARGETS.signIn });
    console.log('• Administrator actions…');
    const account = info.demoAccounts.find((a) => a.role === 'admin')!;
    const admin = await idTokenFor(info, account.email, account.password);
    const campaignId = await adminActions(info, admin, rows);
    console.log('• Letters and the one-class PDF in Chromium…');
    await lettersAndPdf(session, info, admin, campaignId, rows);

    const verdict = (row: Row) => (median(row.times) <= row.target ? 'met' : '**NOT met**');
    const markdown = `
Measured by \`npm run bench:admin\` (local/bench/admin-bench.ts) on ${machineLine()}.

Data: the demo school the local stack seeds, on a stack started in memory by the script (handlers in the gateway's
process, DynamoDB Local, cognito-local, the SES emulator on loopback), Chromium headless at 1,440 px. API actions are
timed over HTTP as the admin screens send them; browser rows from the click to the saved file or the painted
heading. Median of ${runs} run(s) (the first sign-in: one run, the first requests the stack serves).

| Wait | median | min | max | runs | Target | Verdict |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.label} | ${ms(median(r.times))} | ${ms(Math.min(...r.times))} | ${ms(Math.max(...r.times))} | ${r.times.length} | ${r.target / 1000} s | ${verdict(r)} |`).join('\n')}

What the first request of each context paid before \`npm start\` loaded them ahead (gateway.ts \`preloadHandlers\`: the
context's TypeScript transpiled and its modules loaded, in the gateway's process; a Lambda function loads its minified
bundle instead, about 0.1 s, bench:footprint): ${Object.entries(loads).map(([c, t]) => `${c} ${ms(t ?? 0)}`).join(', ')}.

The first sign-in's calls (each with its own time, and when it ended after the click):

${cold.calls.map((c) => `- ${c}`).join('\n')}
`;
    console.log(markdown);
    if (write) {
      const file = path.resolve('docs/benchmarks.md');
      writeSection(file, 'Admin waits', markdown);
      console.log(`• Wrote the "Admin waits" section of ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await session.close();
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ Admin benchmark failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
