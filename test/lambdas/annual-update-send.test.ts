import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/common/keys';
import type { Mailer } from '../../lambdas/common/mailer';
import { getCampaign, getCampaignLock, getParticipant } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign, startCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { loadByToken } from '../../lambdas/annual-update/parent-form-service';
import { hashToken } from '../../lambdas/annual-update/token-repository';
import type { SendDeps } from '../../lambdas/annual-update/send-deps';
import { continueSendJob, sendJobProgress, startSendJob } from '../../lambdas/annual-update/send-job-service';
import { SendJobProgressSchema, type SendJobProgress } from '@shared/contracts/annual-update-api';
import { schoolDay } from '@shared/rules/school-calendar';
import {
  adminClaims,
  invoke,
  mailTo,
  realMailer,
  seedSmallSchool,
  signal,
  testSendDeps,
  tokenIn,
  type SmallSchool,
} from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * Send jobs against DynamoDB Local and the SES emulator, in this file's own table. Faults are injected by
 * wrapping the real mailer: SES refusing a message, a timeout after SES took it, and a worker that dies right
 * after SES accepted an email. Mail is counted in the emulator's store, per (unique) recipient.
 */
useDirectoryTable('annual-update-send');

const stack = workerStack();
let school: SmallSchool;
let campaignId: string;
let year = 2050;
const now = () => new Date();

beforeAll(async () => {
  school = await seedSmallSchool('send');
});

async function freshCampaign(): Promise<string> {
  year++;
  const { campaign } = await startCampaign({ schoolYear: `${year}-${year + 1}`, confirmation: 'confirm' }, 'admin-1');
  campaignId = campaign.id;
  return campaign.id;
}

afterEach(async () => {
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, 'test-cleanup');
});

/** Calls continue until the job is done, as the admin screen does. */
async function runToEnd(jobId: string, deps: SendDeps): Promise<SendJobProgress> {
  for (let call = 0; call < 50; call++) {
    const progress = await continueSendJob(campaignId, jobId, deps);
    if (progress.done) return progress;
  }
  throw new Error('job did not finish in 50 calls');
}

async function mailCounts(): Promise<number[]> {
  return Promise.all(school.reachable.map(async (p) => (await mailTo(stack, p.email!)).length));
}

/** Counts every email each parent received during `action`. */
async function countMailDuring(action: () => Promise<unknown>): Promise<number[]> {
  const before = await mailCounts();
  await action();
  const after = await mailCounts();
  return after.map((n, i) => n - before[i]!);
}

describe('a send job', () => {
  it('emails every reachable parent once, in their language, with a link whose token only exists hashed', async () => {
    await freshCampaign();
    const created = await invoke(handler, {
      method: 'POST',
      resource: '/api/admin/annual-update/campaigns/{campaignId}/send-jobs',
      pathParameters: { campaignId },
      body: { mode: 'notSent' },
      claims: adminClaims(school.adminEmail),
    });
    expect(created.status).toBe(201);
    const job = SendJobProgressSchema.parse(created.body);
    expect(job).toMatchObject({ total: school.reachable.length, pending: school.reachable.length, done: false });

    const sent = await countMailDuring(() => runToEnd(job.jobId, testSendDeps(stack)));

    expect(sent).toEqual(school.reachable.map(() => 1));
    const progress = await sendJobProgress(campaignId, job.jobId);
    expect(progress).toMatchObject({ status: 'completed', sent: school.reachable.length, failed: 0, uncertain: 0 });
    expect((await getCampaign(campaignId))!).toMatchObject({ emailsSent: school.reachable.length });
    expect((await getCampaign(campaignId))!.activeJobId).toBeUndefined();

    const english = school.reachable.find((p) => p.preferredLanguage === 'en')!;
    const french = school.reachable.find((p) => p.preferredLanguage === 'fr')!;
    const [enMail] = await mailTo(stack, english.email!);
    const [frMail] = await mailTo(stack, french.email!);
    expect(enMail!.subject).toMatch(/^Annual update of your information/);
    expect(frMail!.subject).toMatch(/^Mise à jour annuelle de vos renseignements/);
    expect(frMail!.body.html).toContain(`${stack.appUrl}/update/`);

    const token = tokenIn(frMail!);
    const table = JSON.stringify(await scanAll());
    expect(table).not.toContain(token);
    expect(table).toContain(keys.updateToken(hashToken(token)).pk);
    expect((await loadByToken(token)).parent.id).toBe(french.id);
  });

  it('sends each parent exactly one email when the worker dies right after SES accepted one', async () => {
    await freshCampaign();
    const job = await startSendJob(campaignId, { mode: 'notSent' }, 'admin-1', { now });
    const real = realMailer(stack);
    const thirdAccepted = signal();
    let calls = 0;
    // The third email leaves, then the process freezes for good before it can record anything.
    const dying: Mailer = {
      async send(email) {
        const result = await real.send(email);
        if (++calls === 3) {
          thirdAccepted.resolve();
          return new Promise(() => undefined);
        }
        return result;
      },
    };

    const counts = await countMailDuring(async () => {
      void continueSendJob(campaignId, job.jobId, testSendDeps(stack, { mailer: dying }));
      await thirdAccepted.promise;
      // While the dead worker's lease lasts, nobody else may work on the job.
      const blocked = await continueSendJob(campaignId, job.jobId, testSendDeps(stack));
      expect(blocked).toMatchObject({ busy: true, sent: 2, sending: 1 });
      // A minute later (the lease is 30 s), the next call takes the job over.
      const later = () => new Date(Date.now() + 60_000);
      const end = await runToEnd(job.jobId, testSendDeps(stack, { now: later }));
      expect(end).toMatchObject({ sent: school.reachable.length - 1, uncertain: 1, sending: 0, pending: 0 });
    });

    expect(counts).toEqual(school.reachable.map(() => 1));
    for (const parent of school.reachable) {
      expect((await getParticipant(campaignId, parent.id))!.emailsSent).toBe(1);
    }
    expect((await getCampaign(campaignId))!.emailsSent).toBe(school.reachable.length);
    // The link that went out in the interrupted send is the one that works.
    const uncertain = (await Promise.all(school.reachable.map((p) => getParticipant(campaignId, p.id)))).find((p) =>
      p!.history!.some((h) => h.event === 'sendUncertain'),
    )!;
    const parent = school.reachable.find((p) => p.id === uncertain.parentId)!;
    const [mail] = await mailTo(stack, parent.email!).then((m) => m.slice(-1));
    expect((await loadByToken(tokenIn(mail!))).parent.id).toBe(parent.id);
  });

  it('retries what SES refused, never what may have left, and loses nothing when the client stops between chunks', async () => {
    await freshCampaign();
    const job = await startSendJob(campaignId, { mode: 'notSent' }, 'admin-1', { now });
    const real = realMailer(stack);
    // Entries are worked in parent-id order: the first two of that order misbehave.
    const ordered = [...school.reachable].sort((a, b) => (a.id < b.id ? -1 : 1));
    const refusedOnce = ordered[0]!.email!;
    const timedOut = ordered[1]!.email!;
    let refused = false;
    const faulty: Mailer = {
      async send(email) {
        if (email.to === refusedOnce && !refused) {
          refused = true;
          throw Object.assign(new Error('Throttling: Maximum sending rate exceeded'), {
            name: 'Throttling',
            $fault: 'client',
            $metadata: { httpStatusCode: 400 },
          });
        }
        const result = await real.send(email);
        if (email.to === timedOut) throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
        return result;
      },
    };

    const counts = await countMailDuring(async () => {
      // Two chunks of three, then the tab is closed; a later session finishes the job.
      const deps = testSendDeps(stack, { mailer: faulty, maxPerCall: 3 });
      const first = await continueSendJob(campaignId, job.jobId, deps);
      expect(first).toMatchObject({ retrying: 1, uncertain: 1, sent: 1, done: false });
      await continueSendJob(campaignId, job.jobId, deps);
      const end = await runToEnd(job.jobId, testSendDeps(stack, { mailer: faulty }));
      expect(end).toMatchObject({ sent: school.reachable.length - 1, uncertain: 1, failed: 0, retrying: 0 });
    });

    expect(counts).toEqual(school.reachable.map(() => 1));
    const retried = (await getParticipant(campaignId, ordered[0]!.id))!;
    expect(retried).toMatchObject({ emailsSent: 1, sendFailures: 1, lastSendError: 'Throttling' });
    expect(retried.history!.map((h) => h.event)).toEqual(['sendFailed', 'emailSent']);
  });

  it('gives up after the bounded number of refusals and records the failure on the participant', async () => {
    await freshCampaign();
    const target = school.reachable[0]!;
    const job = await startSendJob(campaignId, { mode: 'selected', parentIds: [target.id] }, 'admin-1', { now });
    const refusing: Mailer = {
      async send() {
        throw Object.assign(new Error('Email address is not verified'), {
          name: 'MessageRejected',
          $fault: 'client',
          $metadata: { httpStatusCode: 400 },
        });
      },
    };

    const end = await runToEnd(job.jobId, testSendDeps(stack, { mailer: refusing, maxAttempts: 2 }));

    expect(end).toMatchObject({ status: 'completed', failed: 1, sent: 0 });
    expect(await getParticipant(campaignId, target.id)).toMatchObject({ emailsSent: 0, sendFailures: 2, lastSendError: 'MessageRejected' });
    // The unsent links were deleted: no token of this campaign is left for the parent.
    const tokens = (await scanAll()).filter((i) => i.type === 'TOKEN' && i.campaignId === campaignId);
    expect(tokens).toEqual([]);
  });

  it('reminds only those who have not answered, with a new link that replaces the old one (which then says so)', async () => {
    await freshCampaign();
    const first = await startSendJob(campaignId, { mode: 'notSent' }, 'admin-1', { now });
    await runToEnd(first.jobId, testSendDeps(stack));
    const [answered, waiting] = school.reachable;
    const answeredToken = tokenIn((await mailTo(stack, answered!.email!)).at(-1)!);
    const oldToken = tokenIn((await mailTo(stack, waiting!.email!)).at(-1)!);
    const form = await loadByToken(answeredToken);
    await invoke(handler, {
      method: 'POST',
      resource: '/api/update/submit',
      body: { token: answeredToken, data: { ...form.parent, id: undefined, email: undefined } },
    });

    const reminder = await startSendJob(campaignId, { mode: 'remind' }, 'admin-1', { now });
    const counts = await countMailDuring(() => runToEnd(reminder.jobId, testSendDeps(stack)));

    expect(reminder.total).toBe(school.reachable.length - 1);
    expect(counts).toEqual(school.reachable.map((p) => (p.id === answered!.id ? 0 : 1)));
    const latest = (await mailTo(stack, waiting!.email!)).at(-1)!;
    expect(latest.subject).toMatch(/^(Rappel|Reminder)/);
    // The earlier email's link no longer works and says a newer email replaced it, on which day, and whom to ask.
    await expect(loadByToken(oldToken)).rejects.toThrow('LINK_REPLACED');
    const opened = await invoke(handler, { method: 'POST', resource: '/api/update/load', body: { token: oldToken } });
    expect(opened.status).toBe(410);
    expect(opened.body).toMatchObject({ error: { code: 'LINK_REPLACED', details: { endedOn: schoolDay(now()), school: { name: expect.any(String) } } } });
    expect((await loadByToken(tokenIn(latest))).parent.id).toBe(waiting!.id);
    expect((await getParticipant(campaignId, waiting!.id))!.emailsSent).toBe(2);
    expect((await getCampaign(campaignId))!.emailsSent).toBe(school.reachable.length);
  });

  it('allows one running job per campaign, skips unreachable parents and refuses unknown ones', async () => {
    await freshCampaign();
    const running = await startSendJob(campaignId, { mode: 'notSent' }, 'admin-1', { now });
    const second = await invoke(handler, {
      method: 'POST',
      resource: '/api/admin/annual-update/campaigns/{campaignId}/send-jobs',
      pathParameters: { campaignId },
      body: { mode: 'remind' },
      claims: adminClaims(school.adminEmail),
    });
    expect(second.status).toBe(409);
    await runToEnd(running.jobId, testSendDeps(stack));

    const before = await scanAll();
    for (const body of [
      { mode: 'selected', parentIds: ['01KA00000000000000000000ZZ'] },
      { mode: 'selected', parentIds: [] },
      { mode: 'everyone' },
      { mode: 'notSent', extra: 1 },
    ]) {
      const response = await invoke(handler, {
        method: 'POST',
        resource: '/api/admin/annual-update/campaigns/{campaignId}/send-jobs',
        pathParameters: { campaignId },
        body,
        claims: adminClaims(school.adminEmail),
      });
      expect(response.status).toBe(400);
    }
    expect(await scanAll()).toEqual(before);

    const job = await startSendJob(campaignId, { mode: 'selected', parentIds: school.unreachableIds }, 'admin-1', { now });
    expect(job).toMatchObject({ total: 1, skipped: 1, pending: 0 });
    expect((await runToEnd(job.jobId, testSendDeps(stack))).status).toBe('completed');
  });

  it('throttles to the configured rate', async () => {
    await freshCampaign();
    const job = await startSendJob(campaignId, { mode: 'selected', parentIds: school.reachable.slice(0, 4).map((p) => p.id) }, 'admin-1', { now });
    const startedAt = Date.now();
    await runToEnd(job.jobId, testSendDeps(stack, { ratePerSecond: 5 }));
    // Four sends at five per second: at least three full intervals of 200 ms between them.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(600);
  });

  it('cancels a running job when the campaign is closed', async () => {
    await freshCampaign();
    const job = await startSendJob(campaignId, { mode: 'notSent' }, 'admin-1', { now });
    await closeCampaign(campaignId, 'admin-1');

    const counts = await countMailDuring(() => continueSendJob(campaignId, job.jobId, testSendDeps(stack)));

    expect(counts.every((n) => n === 0)).toBe(true);
    expect(await sendJobProgress(campaignId, job.jobId)).toMatchObject({ status: 'cancelled', done: true });
  });
});
