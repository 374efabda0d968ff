import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getSuppression, putSuppression } from '../../lambdas/common/suppression-repository';
import { skipSuppressed } from '../../lambdas/common/mailer';
import { handler as bounceHandler } from '../../lambdas/annual-update/bounce-handler';
import { getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign, startCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { handler as adminHandler } from '../../lambdas/admin/index';
import type { SendDeps } from '../../lambdas/annual-update/send-deps';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import { listSendJobEntries } from '../../lambdas/annual-update/send-job-repository';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { LOCAL_BOUNCE_TOPIC_ARN, sesEvent, snsEvent } from '../../local/ses-simulator';
import { ParticipantsResponseSchema, type SendJobProgress } from '@shared/contracts/annual-update-api';
import type { SendMode } from '@shared/schemas/send-job';
import { adminClaims, invoke, mailTo, realMailer, seedSmallSchool, testSendDeps, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * Bounces and complaints (docs/annual-update.md, "Bounces and complaints") against DynamoDB Local and the SES
 * emulator, in this file's own table: the bounce function gets the SNS notifications AWS would deliver (built
 * by the local simulator's own code), marks the address, and later send jobs skip it; malformed or foreign
 * notifications write nothing; correcting the parent's email makes the parent sendable again.
 */
useDirectoryTable('annual-update-bounces');

const stack = workerStack();
let school: SmallSchool;
let campaignId: string;
let year = 2060;
const now = () => new Date();

beforeAll(async () => {
  school = await seedSmallSchool('bounce');
  process.env.BOUNCE_TOPIC_ARN = LOCAL_BOUNCE_TOPIC_ARN;
});

afterEach(async () => {
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, 'test-cleanup');
});

async function freshCampaign(): Promise<void> {
  year++;
  const { campaign } = await startCampaign({ schoolYear: `${year}-${year + 1}`, confirmation: 'confirm' }, 'admin-1');
  campaignId = campaign.id;
}

async function send(mode: SendMode, parentIds?: string[], deps: SendDeps = testSendDeps(stack)): Promise<SendJobProgress> {
  const request = mode === 'selected' ? { mode, parentIds: parentIds! } : { mode };
  const job = await startSendJob(campaignId, request as never, 'admin-1', { now });
  for (let call = 0; call < 50; call++) {
    const progress = await continueSendJob(campaignId, job.jobId, deps);
    if (progress.done) return progress;
  }
  throw new Error('job did not finish');
}

/** What SES would publish for the last email an address received. */
async function notify(kind: 'bounce' | 'complaint', email: string) {
  const [last] = (await mailTo(stack, email)).slice(-1);
  return bounceHandler(snsEvent(sesEvent(kind, email, last?.messageId ?? 'none')));
}

async function participants() {
  const response = await invoke(handler, {
    method: 'GET',
    resource: '/api/admin/annual-update/campaigns/{campaignId}/participants',
    pathParameters: { campaignId },
    claims: adminClaims(school.adminEmail),
  });
  expect(response.status).toBe(200);
  return ParticipantsResponseSchema.parse(response.body).participants;
}

describe('bounces and complaints', () => {
  it('a permanent bounce marks the address: the manager shows it and reminders skip it', async () => {
    await freshCampaign();
    await send('notSent');
    const bouncer = school.reachable[1]!;
    expect(await notify('bounce', bouncer.email!)).toEqual({ recorded: 1, ignored: 0, refused: 0 });

    expect(await getSuppression(bouncer.email!)).toMatchObject({ email: bouncer.email, reason: 'bounce', detail: 'General' });
    const views = await participants();
    const marked = views.filter((v) => v.suppression);
    expect(marked.map((v) => [v.parentId, v.suppression!.reason])).toEqual([[bouncer.id, 'bounce']]);

    const before = (await mailTo(stack, bouncer.email!)).length;
    const others = school.reachable.filter((p) => p.id !== bouncer.id);
    const othersBefore = await Promise.all(others.map(async (p) => (await mailTo(stack, p.email!)).length));
    const reminder = await send('remind');
    expect(reminder).toMatchObject({ skipped: 1, sent: others.length, failed: 0 });
    expect((await mailTo(stack, bouncer.email!)).length).toBe(before);
    const othersAfter = await Promise.all(others.map(async (p) => (await mailTo(stack, p.email!)).length));
    expect(othersAfter).toEqual(othersBefore.map((n) => n + 1));
    const entries = await listSendJobEntries(reminder.jobId);
    expect(entries.find((e) => e.parentId === bouncer.id)).toMatchObject({ state: 'skipped', lastError: 'addressBounced' });
  });

  it('a complaint stops mail the same way, even to a parent selected by hand', async () => {
    await freshCampaign();
    const complainer = school.reachable[2]!;
    await send('selected', [complainer.id]);
    expect(await notify('complaint', complainer.email!)).toMatchObject({ recorded: 1 });
    const before = (await mailTo(stack, complainer.email!)).length;

    const again = await send('selected', [complainer.id]);
    expect(again).toMatchObject({ skipped: 1, sent: 0 });
    expect((await mailTo(stack, complainer.email!)).length).toBe(before);
    expect((await participants()).find((v) => v.parentId === complainer.id)!.suppression).toMatchObject({ reason: 'complaint' });

    // Every other mail of the app goes through the same check (lambdas/common/mailer.ts).
    const result = await skipSuppressed(realMailer(stack)).send({ to: complainer.email!, subject: 's', html: 'h', text: 't' });
    expect(result).toEqual({ messageId: '', suppressed: 'complaint' });
    expect((await mailTo(stack, complainer.email!)).length).toBe(before);
  });

  it('a bounce recorded while a chunk runs is caught by the mailer: nothing sent, the entry ends skipped', async () => {
    await freshCampaign();
    const late = school.reachable[5]!;
    const before = (await mailTo(stack, late.email!)).length;
    const guarded = skipSuppressed(realMailer(stack));
    // The bounce lands after the worker read the suppressions, just before SES would be called.
    const racing = testSendDeps(stack, {
      mailer: {
        async send(email) {
          await putSuppression({ email: email.to, reason: 'bounce', at: now().toISOString() });
          return guarded.send(email);
        },
      },
    });
    const progress = await send('selected', [late.id], racing);
    expect(progress).toMatchObject({ sent: 0, skipped: 1, failed: 0 });
    expect((await mailTo(stack, late.email!)).length).toBe(before);
    const [entry] = await listSendJobEntries(progress.jobId);
    expect(entry).toMatchObject({ state: 'skipped', lastError: 'addressBounced' });
  });

  it('ignores transient bounces and refuses malformed or foreign notifications without writing', async () => {
    const target = school.reachable[3]!.email!;
    const before = await scanAll();
    const transient = { ...sesEvent('bounce', target, 'm-1') } as { bounce: Record<string, unknown> };
    transient.bounce = { ...transient.bounce, bounceType: 'Transient' };
    expect(await bounceHandler(snsEvent(transient))).toEqual({ recorded: 0, ignored: 1, refused: 0 });

    const good = sesEvent('bounce', target, 'm-2');
    const foreignTopic = 'arn:aws:sns:ca-central-1:111122223333:someone-else';
    const wrongType = snsEvent(good) as { Records: { Sns: Record<string, unknown> }[] };
    wrongType.Records[0]!.Sns.Type = 'SubscriptionConfirmation';
    for (const event of [
      snsEvent(good, foreignTopic),
      wrongType,
      { Records: [] },
      { httpMethod: 'POST', body: JSON.stringify(good) },
      good,
      null,
      snsEvent('{not json'),
      snsEvent({ eventType: 'Delivery', delivery: { recipients: [target] } }),
      snsEvent({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'nobody' }], timestamp: now().toISOString() } }),
    ]) {
      const outcome = await bounceHandler(event);
      expect(outcome.recorded, JSON.stringify(event)).toBe(0);
      expect(outcome.refused, JSON.stringify(event)).toBeGreaterThan(0);
    }
    expect(await scanAll()).toEqual(before);
    expect(await getSuppression(target)).toBeUndefined();
  });

  it('once the administrator corrects the email, the parent is sendable again', async () => {
    await freshCampaign();
    const parentRef = school.reachable[4]!;
    await send('selected', [parentRef.id]);
    await notify('bounce', parentRef.email!);
    expect((await send('selected', [parentRef.id])).skipped).toBe(1);

    const parent = (await getEntity('PARENT', parentRef.id))!;
    const corrected = `fixed-${parentRef.email!}`;
    const edited = await invoke(adminHandler, {
      method: 'PUT',
      resource: '/api/admin/parents/{id}',
      pathParameters: { id: parent.id },
      body: {
        firstName: parent.firstName,
        lastName: parent.lastName,
        email: corrected,
        preferredLanguage: parent.preferredLanguage,
        version: parent.version,
      },
      claims: adminClaims(school.adminEmail),
    });
    expect(edited.status).toBe(200);
    expect((await participants()).find((v) => v.parentId === parent.id)!.suppression).toBeUndefined();
    expect(await send('selected', [parent.id])).toMatchObject({ sent: 1, skipped: 0 });
    expect(await mailTo(stack, corrected)).toHaveLength(1);
    // The old address stays suppressed: it still bounces.
    expect(await getSuppression(parentRef.email!)).toMatchObject({ reason: 'bounce' });
  });
});
