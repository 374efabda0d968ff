/**
 * `npm run bench:messages`: a message to the whole benchmark school (1,000 families), accepted and then sent.
 *
 * Starts an in-memory local stack on loopback ports seeded with the benchmark school, then:
 * - accepting: POST /api/messages over HTTP through the local gateway, as the administrator (the audience "the whole
 *   school"), --writes times, each a new message (a new client key): the directory read, the audience, the quota,
 *   one delivery per parent written in BatchWrite chunks, the message and its client key in one transaction;
 * - sending: the last message's deliveries sent in-process with the real send service (continueMessage, what
 *   POST /api/messages/{id}/continue runs), called until done, at the stack's SES rate (SEND_RATE_PER_SECOND), the
 *   real SES mailer to the emulator wrapped so that every THROTTLE_EVERY-th call is refused with SES's
 *   `Throttling` error (what SES answers over its sending rate). The emulator's store is then read: emails per
 *   recipient address (each parent exactly once: 0 duplicates, none missing) and the highest number taken in
 *   any one second (never over the rate).
 * Bounded: continue is called until about --sends emails were taken or --max-seconds passed (the rest of the
 * message stays pending; its emails would follow at the same pace). Prints a markdown section and rewrites "Messages" in docs/benchmarks.md.
 *
 * Options: --writes=N (default 3), --sends=N (default 400), --max-seconds=N (default 240), --no-write.
 */
import path from 'node:path';
import { ulid } from 'ulid';
import type { Message } from '@shared/contracts/messages-api';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { logger } from '../../lambdas/common/logger';
import { createSesMailer, type Mailer } from '../../lambdas/common/mailer';
import { readDirectory } from '../../lambdas/directory/directory-repository';
import { listDeliveries } from '../../lambdas/messages/message-repository';
import { continueMessage, type MessageSendDeps } from '../../lambdas/messages/send-service';
import { BENCHMARK_FAMILIES } from '../demo/generate-school';
import { readRawMailbox } from '../ses';
import { idTokenFor } from '../sign-in';
import { startLocalStack, type StackInfo } from '../stack';
import { machineLine, ms, writeSection } from './bench-report';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const writes = Math.min(10, Math.max(1, arg('writes', 3)));
const sends = Math.min(3000, Math.max(20, arg('sends', 400)));
const maxSeconds = Math.min(1800, Math.max(10, arg('max-seconds', 240)));
const write = !process.argv.includes('--no-write');
/** Every this many SES calls, one is refused with `Throttling`. */
const THROTTLE_EVERY = 7;
const ACCEPT_TARGET_MS = 2_000;

interface Accepted {
  ms: number;
  message: Message;
}

/** POST /api/messages to the whole school, as the administrator, over HTTP. */
async function accept(info: StackInfo, token: string, n: number): Promise<Accepted> {
  const body = {
    audience: { type: 'school' },
    subject: { fr: `Banc d'essai ${n}`, en: `Benchmark ${n}` },
    body: { fr: `Bonjour, ceci est le message d'essai ${n}.`, en: `Hello, this is test message ${n}.` },
    shareReplyTo: false,
    clientKey: `bench-${ulid()}`,
  };
  const t = performance.now();
  const response = await fetch(`${info.appUrl}/api/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { message?: Message };
  const elapsed = performance.now() - t;
  if (response.status !== 201 || !json.message) throw new Error(`POST /api/messages answered ${response.status}: ${JSON.stringify(json)}`);
  return { ms: elapsed, message: json.message };
}

/** The SES mailer to the emulator, refusing every THROTTLE_EVERY-th call as SES does over its rate. */
function throttlingMailer(info: StackInfo): Mailer & { refused: () => number } {
  const real = createSesMailer({ sender: info.lambdaEnv.SENDER_EMAIL!, endpoint: info.mailboxUrl });
  let calls = 0;
  let refused = 0;
  return {
    refused: () => refused,
    async send(email) {
      if (++calls % THROTTLE_EVERY === 0) {
        refused++;
        throw Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'Throttling', $fault: 'client', $metadata: { httpStatusCode: 400 } });
      }
      return real.send(email);
    },
  };
}

interface SendRun {
  /** Deliveries of the message. */
  deliveries: number;
  /** Deliveries left pending when the bench stopped calling continue (its bounds). */
  left: number;
  seconds: number;
  calls: number;
  refused: number;
  message: Message | undefined;
  emails: number;
  duplicates: number;
  missing: number;
  peakPerSecond: number;
  timedOut: boolean;
}

/** The most emails the emulator took within any one second. */
function peakPerSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

/**
 * Calls continue until the message is sent, or --sends emails were taken, or --max-seconds passed: a whole-school
 * message at the local rate takes minutes. Throttled emails go back to pending and the next call sends them
 * first (deliveries are read in key order), so a bounded run still exercises the retries.
 */
async function sendRun(info: StackInfo, messageId: string, rate: number): Promise<SendRun> {
  const mailer = throttlingMailer(info);
  const deps: MessageSendDeps = { mailer, now: () => new Date(), ratePerSecond: rate, budgetMs: 6_000, maxPerCall: 200, baseUrl: info.appUrl };
  const before = (await readRawMailbox(info.mailboxUrl)).length;
  const t0 = performance.now();
  let calls = 0;
  let message: Message | undefined;
  const taken = async () => (await readRawMailbox(info.mailboxUrl)).length - before;
  while (message?.status !== 'sent' && performance.now() - t0 < maxSeconds * 1000 && (await taken()) < sends) {
    message = await continueMessage(messageId, deps);
    calls++;
  }
  const seconds = (performance.now() - t0) / 1000;
  const mail = (await readRawMailbox(info.mailboxUrl)).slice(before);
  const sentTo = new Map<string, number>();
  for (const m of mail) for (const to of m.destinations) sentTo.set(to, (sentTo.get(to) ?? 0) + 1);
  // Each parent with an email is one delivery: an address two parents share is expected twice.
  const directory = await readDirectory();
  const emailOf = new Map(directory.parents.map((p) => [`PARENT#${p.id}`, p.email]));
  const expected = new Map<string, number>();
  const deliveries = await listDeliveries(messageId);
  for (const d of deliveries.filter((d) => d.state === 'sent')) {
    const email = emailOf.get(d.recipientKey);
    if (email) expected.set(email, (expected.get(email) ?? 0) + 1);
  }
  let duplicates = 0;
  let missing = 0;
  for (const address of new Set([...sentTo.keys(), ...expected.keys()])) {
    const diff = (sentTo.get(address) ?? 0) - (expected.get(address) ?? 0);
    if (diff > 0) duplicates += diff;
    else missing -= diff;
  }
  return {
    deliveries: deliveries.length,
    left: deliveries.filter((d) => d.state === 'pending').length,
    seconds,
    calls,
    refused: mailer.refused(),
    message,
    emails: mail.length,
    duplicates,
    missing,
    peakPerSecond: peakPerSecond(mail.map((m) => m.at)),
    timedOut: performance.now() - t0 >= maxSeconds * 1000 && message?.status !== 'sent',
  };
}

const median = (sorted: number[]) => (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;

function report(parents: number, withEmail: number, accepted: Accepted[], run: SendRun, rate: number): string {
  const times = accepted.map((a) => a.ms).sort((a, b) => a - b);
  const counts = run.message?.counts;
  const verdict = (met: boolean) => (met ? '**met**' : '**NOT met**');
  const sendingMet = !run.timedOut && run.duplicates === 0 && run.missing === 0 && run.peakPerSecond <= rate && (counts?.failed ?? 1) === 0;
  return `
Measured by \`npm run bench:messages\` (local/bench/messages-bench.ts) on ${machineLine()}.

Data: the benchmark demo school (${BENCHMARK_FAMILIES} families): ${parents} parents, ${withEmail} with an email. DynamoDB Local (in memory) and the SES emulator on loopback. A message to "the whole school" (every parent) written by the demo administrator.

**Accepting** (POST /api/messages over HTTP through the local gateway: token check, directory read, audience and quota, ${parents} deliveries in BatchWrite chunks of 25 written in parallel, then the message and its client key in one transaction), ${writes} message(s), each with its own client key:

| Run | Time | Recipients | Status |
|---|---|---|---|
${accepted.map((a, i) => `| ${i + 1} | ${ms(a.ms)} | ${a.message.counts.recipients} | ${a.message.status} |`).join('\n')}

Median ${ms(median(times))}, max ${ms(times.at(-1)!)}.

**Sending** (the last message; \`continueMessage\` called in-process until done, as POST /api/messages/{id}/continue runs it, each call working at most 6 s or 200 deliveries, until about ${sends} emails were taken (a bound on the run: the rest stays pending); one SES call in ${THROTTLE_EVERY} refused with \`Throttling\`):

| Deliveries | Left pending | Emails in the emulator | Time | Emails/s | Peak in any 1 s | SES rate (SEND_RATE_PER_SECOND) | Throttled calls | continue calls | Sent / skipped / failed | Duplicates | Missing |
|---|---|---|---|---|---|---|---|---|---|---|---|
| ${run.deliveries} | ${run.left} | ${run.emails} | ${run.seconds.toFixed(1)} s | ${(run.emails / run.seconds).toFixed(1)} | ${run.peakPerSecond} | ${rate}/s | ${run.refused} | ${run.calls} | ${counts ? `${counts.sent} / ${counts.skipped} / ${counts.failed}` : 'n/a'} | ${run.duplicates} | ${run.missing} |

| Target | Figure | Verdict |
|---|---|---|
| A message to ${BENCHMARK_FAMILIES} families accepted in under 2 s | max ${ms(times.at(-1)!)} | ${verdict(times.at(-1)! < ACCEPT_TARGET_MS)} |
| Sent at the SES rate, throttled calls retried, 0 duplicates | ${run.duplicates} duplicate(s), ${run.missing} missing, peak ${run.peakPerSecond}/s for ${rate}/s${run.timedOut ? `, stopped after ${maxSeconds} s` : ''} | ${verdict(sendingMet)} |

Reading the figures: a throttled email goes back to pending and is sent by the next \`continue\` call (at most 3 attempts); the throttle spaces every SES call, refused ones included, so the emails taken per second stay under the rate. Per email the worker makes a claim UpdateItem, the unsubscribe token's PutItem, the SES call and a recording UpdateItem, one after the other: where DynamoDB Local's latencies make that pipeline slower than the rate, the pipeline sets the pace (emails/s under the rate). In AWS the Lambda sends ${rate} a second for 6 s per call: ${withEmail} parents take about ${Math.ceil(withEmail / rate / 60)} minutes of the author's page calling continue.
`;
}

async function main() {
  logger.setLogLevel('ERROR');
  const started = Date.now();
  console.log(`• Starting an in-memory local stack with ${BENCHMARK_FAMILIES} families (seeding takes a while)…`);
  const webDir = path.resolve(process.env.TEST_WEB_DIR ?? 'frontend/dist');
  const { info, stop } = await startLocalStack({ webDir, seed: { scale: 'benchmark' }, logLevel: 'ERROR', quietEmulators: true });
  try {
    resetDocumentClient();
    console.log(`• Stack ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const directory = await readDirectory();
    const admin = info.demoAccounts.find((a) => a.role === 'admin')!;
    const token = await idTokenFor(info, admin.email, admin.password);
    const accepted: Accepted[] = [];
    for (let n = 1; n <= writes; n++) {
      accepted.push(await accept(info, token, n));
      console.log(`  accepted ${n}/${writes}: ${ms(accepted.at(-1)!.ms)} (${accepted.at(-1)!.message.counts.recipients} recipients)`);
    }
    const rate = Number(info.lambdaEnv.SEND_RATE_PER_SECOND ?? 1);
    console.log(`• Sending up to ${sends} emails at ${rate}/s, one SES call in ${THROTTLE_EVERY} throttled…`);
    const run = await sendRun(info, accepted.at(-1)!.message.id, rate);
    const body = report(directory.parents.length, directory.parents.filter((p) => p.email).length, accepted, run, rate);
    console.log(body);
    if (write) writeSection(path.resolve('docs/benchmarks.md'), 'Messages', body);
    if (run.duplicates > 0 || run.missing > 0) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
