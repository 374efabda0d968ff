import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getCampaign, getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { REMINDER_ACTOR, runDueReminders } from '../../lambdas/annual-update/reminder-service';
import { getSendJob } from '../../lambdas/annual-update/send-job-repository';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import { CampaignViewSchema, ParticipantsResponseSchema, type CampaignView } from '@shared/contracts/annual-update-api';
import { ParentFormSchema } from '@shared/rules/parent-form';
import { adminClaims, invoke, mailTo, seedSmallSchool, testSendDeps, tokenIn, type SmallSchool } from './annual-update-support';
import { useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * Automatic reminders (lambdas/annual-update/reminder-service.ts) in this file's own table, against the SES
 * emulator, with a controlled clock: a reminder goes out on its day, once, only to the parents emailed before who
 * have not answered; an administrator's send job in progress makes it wait.
 */
useDirectoryTable('annual-update-reminders');

const stack = workerStack();
let school: SmallSchool;
let year = 2060;
const REMINDERS = { method: 'PUT', resource: '/api/admin/annual-update/campaigns/{campaignId}/reminders' };

beforeAll(async () => {
  school = await seedSmallSchool('remind');
});

afterEach(async () => {
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, 'test-cleanup');
});

/** A campaign with a deadline on 15 October of its first year, invitations sent to every reachable parent. */
async function invitedCampaign(reminderDays: number[] | undefined): Promise<{ campaign: CampaignView; deadline: string }> {
  year++;
  const deadline = `${year}-10-15`;
  const started = await invoke(handler, {
    method: 'POST',
    resource: '/api/admin/annual-update/campaigns',
    body: { schoolYear: `${year}-${year + 1}`, deadline, confirmation: 'confirm', ...(reminderDays ? { reminderDays } : {}) },
    claims: adminClaims(school.adminEmail),
  });
  expect(started.status).toBe(201);
  const campaign = CampaignViewSchema.parse((started.body as { campaign: unknown }).campaign);
  const deps = testSendDeps(stack);
  const job = await startSendJob(campaign.id, { mode: 'notSent' }, 'admin-1', deps);
  for (let call = 0; call < 10 && !(await continueSendJob(campaign.id, job.jobId, deps)).done; call++);
  return { campaign, deadline };
}

/** Runs the scheduled job as of 15:00 UTC (10 or 11 a.m. in Montréal) on `day`. */
function runOn(day: string) {
  const at = new Date(`${day}T15:00:00Z`);
  return runDueReminders(testSendDeps(stack, { now: () => at }), at.getTime() + 60_000);
}

async function mailCounts(): Promise<number[]> {
  return Promise.all(school.reachable.map(async (p) => (await mailTo(stack, p.email!)).length));
}

describe('automatic reminders', () => {
  it('go out on their day, once, only to the parents who have not answered', async () => {
    const { campaign, deadline } = await invitedCampaign([7, 2]);
    expect(campaign.reminders).toEqual({ days: [7, 2], sent: [], nextOn: expect.any(String) });
    // One parent answers through their link.
    const answering = school.reachable[1]!;
    const [invitation] = await mailTo(stack, answering.email!);
    const token = tokenIn(invitation!);
    const form = ParentFormSchema.parse((await invoke(handler, { method: 'POST', resource: '/api/update/load', body: { token } })).body);
    const { id: _id, email: _email, ...fields } = form.parent;
    expect((await invoke(handler, { method: 'POST', resource: '/api/update/submit', body: { token, data: fields } })).status).toBe(200);

    const before = await mailCounts();
    expect(await runOn(`${year}-10-07`)).toEqual({ outcome: 'nothingDue' });
    expect(await mailCounts()).toEqual(before);

    const first = await runOn(`${year}-10-08`);
    expect(first).toMatchObject({ outcome: 'sending', offsets: [7], progress: { done: true } });
    const afterFirst = await mailCounts();
    expect(afterFirst.map((n, i) => n - before[i]!)).toEqual(school.reachable.map((p) => (p.id === answering.id ? 0 : 1)));
    const reminder = (await mailTo(stack, school.reachable[2]!.email!)).at(-1)!;
    expect(reminder.subject).toMatch(/^(Rappel|Reminder)/);
    const job = await getSendJob(campaign.id, (first as { jobId: string }).jobId);
    expect(job).toMatchObject({ mode: 'remind', createdBy: REMINDER_ACTOR, status: 'completed' });

    // The same day again, and the days before the next one: nothing more.
    expect(await runOn(`${year}-10-08`)).toEqual({ outcome: 'nothingDue' });
    expect(await runOn(`${year}-10-12`)).toEqual({ outcome: 'nothingDue' });
    expect(await mailCounts()).toEqual(afterFirst);

    expect(await runOn(`${year}-10-13`)).toMatchObject({ outcome: 'sending', offsets: [2] });
    const afterSecond = await mailCounts();
    expect(afterSecond.map((n, i) => n - afterFirst[i]!)).toEqual(school.reachable.map((p) => (p.id === answering.id ? 0 : 1)));
    expect(await runOn(deadline)).toEqual({ outcome: 'nothingDue' });
    expect((await getCampaign(campaign.id))!.remindersSent).toEqual([7, 2]);
  });

  it("wait while an administrator's send job is in progress, then go out", async () => {
    const { campaign } = await invitedCampaign([7]);
    const adminJob = await startSendJob(campaign.id, { mode: 'remind' }, 'admin-1', testSendDeps(stack));
    const before = await mailCounts();
    expect(await runOn(`${year}-10-09`)).toEqual({ outcome: 'busy' });
    expect(await mailCounts()).toEqual(before);
    expect((await getCampaign(campaign.id))!.remindersSent).toBeUndefined();
    await continueSendJob(campaign.id, adminJob.jobId, testSendDeps(stack));
    expect(await runOn(`${year}-10-09`)).toMatchObject({ outcome: 'sending', offsets: [7] });
  });

  it('are set at the start and changed by an administrator, with clear refusals', async () => {
    const { campaign } = await invitedCampaign(undefined);
    expect(campaign.reminders).toEqual({ days: [], sent: [] });
    const put = (body: unknown, campaignId = campaign.id) =>
      invoke(handler, { ...REMINDERS, pathParameters: { campaignId }, body, claims: adminClaims(school.adminEmail) });

    const saved = await put({ reminderDays: [3, 10] });
    expect(saved.status).toBe(200);
    expect(CampaignViewSchema.parse(saved.body).reminders.days).toEqual([10, 3]);
    expect(ParticipantsResponseSchema.parse((await invoke(handler, {
      method: 'GET',
      resource: '/api/admin/annual-update/campaigns/{campaignId}/participants',
      pathParameters: { campaignId: campaign.id },
      claims: adminClaims(school.adminEmail),
    })).body).campaign.reminders.days).toEqual([10, 3]);

    for (const reminderDays of [[0], [61], [2, 2], [1, 2, 3, 4, 5], ['7'], [1.5]]) {
      const refused = await put({ reminderDays });
      expect(refused.status, JSON.stringify(reminderDays)).toBe(400);
    }
    expect((await put({ reminderDays: [5], extra: true })).status).toBe(400);
    expect((await put({ reminderDays: [5] }, '01J0000000000000000000000A')).status).toBe(404);
    expect((await getCampaign(campaign.id))!.reminderDays).toEqual([10, 3]);

    await closeCampaign(campaign.id, 'admin-1');
    expect(await put({ reminderDays: [5] })).toMatchObject({ status: 409 });

    year++;
    const withoutDeadline = await invoke(handler, {
      method: 'POST',
      resource: '/api/admin/annual-update/campaigns',
      body: { schoolYear: `${year}-${year + 1}`, confirmation: 'confirm', reminderDays: [7] },
      claims: adminClaims(school.adminEmail),
    });
    expect(withoutDeadline).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(await getCampaignLock()).toBeUndefined();
  });
});
