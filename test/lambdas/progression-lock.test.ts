import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { AppError } from '../../lambdas/common/errors';
import { keys } from '../../lambdas/common/keys';
import { APPLY_LOCK, LOCK_RETRY_SECONDS, acquireLock } from '../../lambdas/progression/apply-repository';
import { ApplyLockedError, runApply } from '../../lambdas/progression/apply-service';
import { handler } from '../../lambdas/progression/index';
import { CAMPAIGN_LOCK } from '../../lambdas/annual-update/campaign-repository';
import { cancel, getWorkspace, setAssignments, startProgression } from '../../lambdas/progression/staging-service';
import { DEMO_ACCOUNTS } from '../../local/demo/generate-school';
import { apiEvent, claimsFor } from './auth-support';
import { createPool, firstCandidates, useProgressionSchool } from './progression-support';

/**
 * One apply at a time: the lock (a conditional put with a lease) lets exactly one of two concurrent applies
 * proceed, and staging is frozen once an apply has started. Through the real handler, in process, on a table of
 * the file's own (the seeded demo admin is registered there too).
 */

const fx = useProgressionSchool('progression-lock', 10);
const adminEmail = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!.email;
const adminClaims = claimsFor(adminEmail, { groups: ['admins'] });
let progressionId: string;

const call = (method: string, resource: string, body?: unknown) =>
  handler({
    ...apiEvent({ method, resource, body: body === undefined ? null : JSON.stringify(body), claims: adminClaims }),
    pathParameters: { progressionId },
  });

beforeAll(async () => {
  // The handler removes accounts in the pool USER_POOL_ID names: a pool of this file's own, never the stack's.
  vi.stubEnv('USER_POOL_ID', (await createPool(fx.cognito)).userPoolId);
  const workspace = await startProgression('admin-sub');
  progressionId = workspace.progression.id;
  await setAssignments(progressionId, { assignments: firstCandidates(fx.school) });
});

describe('apply lock', () => {
  it('refuses to start while an update campaign is open (409 CAMPAIGN_ACTIVE, nothing changes), and starts once it is closed', async () => {
    const campaignLock = keys.lock(CAMPAIGN_LOCK);
    const now = new Date();
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...campaignLock, type: 'LOCK', name: CAMPAIGN_LOCK, owner: 'campaign-1', acquiredAt: now.toISOString() },
      }),
    );
    // The page says so before the administrator starts: the current progression names the open campaign.
    const current = await call('GET', '/api/admin/progression');
    expect(JSON.parse(current.body).openCampaign).toEqual({ id: 'campaign-1' });
    const response = await call('POST', '/api/admin/progression/{progressionId}/apply', { confirm: 'confirm' });
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toEqual({ error: { code: 'CAMPAIGN_ACTIVE' } });
    expect((await getWorkspace(progressionId)).progression.phase).toBe('review');

    await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: campaignLock }));
    expect(JSON.parse((await call('GET', '/api/admin/progression')).body).openCampaign).toBeUndefined();
  });

  it('freezes staging and cancellation once an apply has started', async () => {
    const first = await runApply(progressionId, 'admin-sub', 'start', { maxSteps: 1 });
    expect(first.progression).toMatchObject({ phase: 'applying', apply: { stage: 'steps', cursor: 1 } });

    const refused = await setAssignments(progressionId, { assignments: firstCandidates(fx.school).slice(0, 1) }).catch((e: AppError) => e.code);
    expect(refused).toBe('WRONG_PHASE');
    expect(await cancel(progressionId).catch((e: AppError) => e.code)).toBe('WRONG_PHASE');
  });

  it('lets one of two concurrent applies (here resuming) proceed; the other gets 409 CONFLICT with Retry-After', async () => {
    const path = '/api/admin/progression/{progressionId}/apply';
    const responses = await Promise.all([call('POST', path, { confirm: 'confirm' }), call('POST', path, { confirm: 'confirm' })]);

    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = responses.find((r) => r.statusCode === 409)!;
    expect(JSON.parse(refused.body)).toEqual({ error: { code: 'CONFLICT' } });
    expect(Number(refused.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(Number(refused.headers?.['Retry-After'])).toBeLessThanOrEqual(LOCK_RETRY_SECONDS);
    const accepted = JSON.parse(responses.find((r) => r.statusCode === 200)!.body);
    expect(accepted.progression.phase).toMatch(/applying|completed/);
  });

  it('a lock within its lease blocks (ask again in 2 s, not at its end); once it ends the next run takes over and finishes', async () => {
    const now = new Date();
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.lock(APPLY_LOCK), type: 'LOCK', name: APPLY_LOCK, owner: 'crashed-run', acquiredAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 30 },
      }),
    );
    const blocked = await runApply(progressionId, 'admin-sub', 'continue', { now: () => now }).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(ApplyLockedError);
    // A live holder frees the lock when its chunk ends, seconds from now: the refused caller asks again soon.
    expect((blocked as ApplyLockedError).retryAfterSeconds).toBe(LOCK_RETRY_SECONDS);
    // A lease about to end is not waited for past its end.
    const nearEnd = new Date(now.getTime() + 29_000);
    const nearlyFree = await runApply(progressionId, 'admin-sub', 'continue', { now: () => nearEnd }).catch((e: unknown) => e);
    expect((nearlyFree as ApplyLockedError).retryAfterSeconds).toBe(1);

    const later = new Date(now.getTime() + 31_000);
    let outcome = await runApply(progressionId, 'admin-sub', 'continue', { now: () => later });
    while (!outcome.done) outcome = await runApply(progressionId, 'admin-sub', 'continue', { now: () => later });
    expect(outcome.progression.phase).toBe('completed');
    // Released: a new owner gets it at once.
    expect(await acquireLock(documentClient(), 'someone', later, 60)).toBeUndefined();
  });
});
