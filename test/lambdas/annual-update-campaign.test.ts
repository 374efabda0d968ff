import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lambdas/common/errors';
import { keys } from '../../lambdas/common/keys';
import {
  createCampaign,
  getCampaign,
  getCampaignLock,
  listParticipants,
  writeParticipants,
} from '../../lambdas/annual-update/campaign-repository';
import {
  closeCampaign,
  getCurrentCampaign,
  getParticipants,
  startCampaign,
  type CampaignDeps,
} from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { ROUTES, type RouteDef } from '../../lambdas/routes';
import { CurrentCampaignResponseSchema, ParticipantsResponseSchema } from '@shared/contracts/annual-update-api';
import type { Campaign } from '@shared/schemas/annual-update';
import { adminClaims, invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * Campaign lifecycle against DynamoDB Local, in a table of this file's own (a six-family school), calling the
 * service and the handler in-process: start, idempotent and concurrent starts, resuming an interrupted start,
 * the participants list, closing, and the next year.
 */
useDirectoryTable('annual-update-campaign');

let school: SmallSchool;
const deps: CampaignDeps = { now: () => new Date(), leaseMs: 60_000 };
const START = { method: 'POST', resource: '/api/admin/annual-update/campaigns' };

beforeAll(async () => {
  school = await seedSmallSchool('campaign');
});

/** Every test leaves no campaign running, so the next one can start its own. */
afterEach(async () => {
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, 'test-cleanup');
});

const itemsOfType = async (type: string) => (await scanAll()).filter((item) => item.type === type);
const isConflict = (reason: unknown) => reason instanceof AppError && reason.code === 'CONFLICT';

describe('starting a campaign', () => {
  it('creates one participant per parent, marks parents without email unreachable, and becomes active', async () => {
    const response = await invoke(handler, {
      ...START,
      claims: adminClaims(school.adminEmail),
      body: { schoolYear: '2031-2032', deadline: '2031-10-15', confirmation: 'confirm' },
    });

    expect(response.status).toBe(201);
    const { campaign } = response.body as { campaign: ReturnType<typeof Object> & { id: string } };
    expect(campaign).toMatchObject({
      schoolYear: '2031-2032',
      status: 'active',
      deadline: '2031-10-15',
      counts: {
        totalParents: school.parents.length,
        reachable: school.parents.length - 1,
        unreachable: 1,
        emailsSent: 0,
        formsSubmitted: 0,
        optedOut: 0,
      },
      progress: { completed: 0, total: school.parents.length, percentage: 0 },
    });
    const participants = await listParticipants(campaign.id);
    expect(participants.map((p) => p.parentId).sort()).toEqual(school.parents.map((p) => p.id).sort());
    expect(participants.filter((p) => p.unreachable).map((p) => p.parentId)).toEqual(school.unreachableIds);
    expect((await getCampaignLock())?.owner).toBe(campaign.id);
  });

  it('refuses a confirmation word other than the exact one an older page sent, and writes nothing', async () => {
    const before = await scanAll();
    for (const confirmation of ['Confirm', ' confirm', 'confirmer', '']) {
      const response = await invoke(handler, {
        ...START,
        claims: adminClaims(school.adminEmail),
        body: { schoolYear: '2032-2033', confirmation },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: [{ path: 'confirmation' }] } });
    }
    for (const body of [{ schoolYear: '2032-2034', confirmation: 'confirm' }, { confirmation: 'confirm' }, 'confirm']) {
      expect((await invoke(handler, { ...START, claims: adminClaims(school.adminEmail), body })).status).toBe(400);
    }
    expect(await scanAll()).toEqual(before);
  });

  it('never creates a second campaign or duplicate participants when started twice', async () => {
    const first = await startCampaign({ schoolYear: '2033-2034', confirmation: 'confirm' }, 'admin-1', deps);
    const again = await Promise.allSettled([
      startCampaign({ schoolYear: '2033-2034', confirmation: 'confirm' }, 'admin-1', deps),
      startCampaign({ schoolYear: '2034-2035', confirmation: 'confirm' }, 'admin-1', deps),
    ]);

    expect(again.map((r) => r.status === 'rejected' && isConflict(r.reason))).toEqual([true, true]);
    const campaigns = (await itemsOfType('CAMPAIGN')).filter((c) => c.schoolYear === '2033-2034' || c.schoolYear === '2034-2035');
    expect(campaigns.map((c) => c.id)).toEqual([first.campaign.id]);
    expect(await listParticipants(first.campaign.id)).toHaveLength(school.parents.length);
  });

  it('lets exactly one of two concurrent starts proceed', async () => {
    const request = { schoolYear: '2035-2036', confirmation: 'confirm' } as const;
    const results = await Promise.allSettled([startCampaign(request, 'admin-1', deps), startCampaign(request, 'admin-2', deps)]);

    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(isConflict(rejected[0]!.reason)).toBe(true);
    const campaigns = (await itemsOfType('CAMPAIGN')).filter((c) => c.schoolYear === request.schoolYear);
    expect(campaigns).toHaveLength(1);
    const participants = (await itemsOfType('PARTICIPANT')).filter((p) => p.campaignId === campaigns[0]!.id);
    expect(participants).toHaveLength(school.parents.length);
  });

  it('finishes an interrupted start when started again with the same year, once its lease has lapsed', async () => {
    // A start that died after writing its campaign and two participants: pending, lease already lapsed.
    const now = new Date();
    const crashed: Campaign = {
      id: '01KA0000000000000000000001',
      schoolYear: '2036-2037',
      status: 'pending',
      totalParents: 0,
      emailsSent: 0,
      formsSubmitted: 0,
      optedOut: 0,
      createdBy: 'admin-1',
      createdAt: now.toISOString(),
      version: 1,
      leaseOwner: 'dead-request',
      leaseUntil: now.getTime() - 1,
    };
    expect(await createCampaign(crashed, now)).toBe('created');
    await writeParticipants(
      school.parents.slice(0, 2).map((p) => ({ campaignId: crashed.id, parentId: p.id, emailsSent: 0, optedOut: false })),
      [],
    );
    expect((await getCurrentCampaign()).campaign).toMatchObject({ id: crashed.id, status: 'pending' });

    const resumed = await invoke(handler, {
      ...START,
      claims: adminClaims(school.adminEmail),
      body: { schoolYear: '2036-2037', confirmation: 'confirm' },
    });

    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ resumed: true, campaign: { id: crashed.id, status: 'active' } });
    expect(await listParticipants(crashed.id)).toHaveLength(school.parents.length);
    expect((await getCampaign(crashed.id))?.totalParents).toBe(school.parents.length);
  });

  it('refuses to take over a start whose lease is still held', async () => {
    const now = new Date();
    const running: Campaign = {
      id: '01KA0000000000000000000002',
      schoolYear: '2037-2038',
      status: 'pending',
      totalParents: 0,
      emailsSent: 0,
      formsSubmitted: 0,
      optedOut: 0,
      createdBy: 'admin-1',
      createdAt: now.toISOString(),
      version: 1,
      leaseOwner: 'live-request',
      leaseUntil: now.getTime() + 60_000,
    };
    await createCampaign(running, now);

    await expect(startCampaign({ schoolYear: '2037-2038', confirmation: 'confirm' }, 'admin-1', deps)).rejects.toSatisfy(
      isConflict,
    );
    expect(await listParticipants(running.id)).toEqual([]);
  });
});

describe('participants, closing and the next year', () => {
  it('lists participants with names, classes and state, and closes to completed', async () => {
    const { campaign } = await startCampaign({ schoolYear: '2038-2039', confirmation: 'confirm' }, 'admin-1', deps);

    const listed = await invoke(handler, {
      method: 'GET',
      resource: '/api/admin/annual-update/campaigns/{campaignId}/participants',
      pathParameters: { campaignId: campaign.id },
      claims: adminClaims(school.adminEmail),
    });

    expect(listed.status).toBe(200);
    const body = ParticipantsResponseSchema.parse(listed.body);
    expect(body.participants).toHaveLength(school.parents.length);
    const child = school.students.find((s) => school.families.some((f) => f.studentId === s.id && f.parentId === school.parents[0]!.id))!;
    const klass = school.classes.find((c) => c.id === child.classId)!;
    const row = body.participants.find((p) => p.parentId === school.parents[0]!.id)!;
    expect(row).toMatchObject({ firstName: school.parents[0]!.firstName, emailSent: false, submitted: false, optedOut: false });
    expect(row.classes.map((c) => c.code)).toContain(klass.code);
    expect(body.participants.filter((p) => p.unreachable).map((p) => p.parentId)).toEqual(school.unreachableIds);
    const names = body.participants.map((p) => p.lastName!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));

    const closed = await invoke(handler, {
      method: 'POST',
      resource: '/api/admin/annual-update/campaigns/{campaignId}/close',
      pathParameters: { campaignId: campaign.id },
      claims: adminClaims(school.adminEmail),
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: campaign.id, status: 'completed' });
    expect(await getCampaignLock()).toBeUndefined();
    // Closing again changes nothing and still answers with the campaign.
    expect((await closeCampaign(campaign.id, 'admin-1')).completedAt).toBe((closed.body as { completedAt: string }).completedAt);

    const current = CurrentCampaignResponseSchema.parse((await invoke(handler, { method: 'GET', resource: '/api/admin/annual-update', claims: adminClaims(school.adminEmail) })).body);
    expect(current.campaign).toMatchObject({ id: campaign.id, status: 'completed' });
  });

  it('starts the next year after the previous one completed, but never the same year twice', async () => {
    const first = await startCampaign({ schoolYear: '2039-2040', confirmation: 'confirm' }, 'admin-1', deps);
    await closeCampaign(first.campaign.id, 'admin-1');

    // The year's campaign exists: its own code (reopen it), not the generic "changed meanwhile" conflict.
    await expect(startCampaign({ schoolYear: '2039-2040', confirmation: 'confirm' }, 'admin-1', deps)).rejects.toMatchObject({
      code: 'CAMPAIGN_EXISTS',
      status: 409,
    });
    const next = await startCampaign({ schoolYear: '2040-2041', confirmation: 'confirm' }, 'admin-1', deps);
    expect(next.campaign.status).toBe('active');
    expect(next.campaign.id).not.toBe(first.campaign.id);
    const year = (await scanAll()).find((i) => i.pk === keys.campaignYear('2039-2040').pk);
    expect(year?.campaignId).toBe(first.campaign.id);
  });

  it('answers every campaign route with 400 for a malformed id and 404 for an unknown one, writing nothing', async () => {
    const claims = adminClaims(school.adminEmail);
    const unknown = '01KA00000000000000000000ZZ';
    const withIds = (ROUTES as readonly RouteDef[]).filter((r) => r.context === 'annual-update' && r.path.includes('{'));
    expect(withIds.length).toBeGreaterThanOrEqual(5);
    const before = await scanAll();
    for (const route of withIds) {
      const body = route.path.endsWith('/send-jobs')
        ? { mode: 'notSent' }
        : route.path.endsWith('/reminders')
          ? { reminderDays: [7] }
          : route.path.endsWith('/review/{parentId}')
            ? { version: 1, submittedAt: '2026-01-01T00:00:00.000Z', accept: ['phone'] }
            : route.path.endsWith('/reopen')
              ? { deadline: '2070-12-19' }
              : undefined;
      // Only the parameters the route's path names, as API Gateway sends them.
      const params = (id: string): Record<string, string> => ({
        campaignId: id,
        ...(route.path.includes('{jobId}') ? { jobId: id } : {}),
        ...(route.path.includes('{parentId}') ? { parentId: id } : {}),
      });
      const call = (id: string) =>
        invoke(handler, { method: route.method, resource: route.path, pathParameters: params(id), body, claims });
      expect((await call('nope')).status, route.path).toBe(400);
      expect((await call(unknown)).status, route.path).toBe(404);
    }
    expect(await scanAll()).toEqual(before);
    await expect(getParticipants(unknown)).rejects.toThrow('NOT_FOUND');
  });
});
