import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { listEntities } from '../../lambdas/directory/directory-repository';
import { adminClaims, invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * The start dialog's committees that recruit this year (docs/annual-update.md, "Committees that recruit"): the
 * start opens the chosen committees to sign-ups and closes the others, audited, with no typed word; an unknown
 * committee refuses the whole start before anything is written.
 */
useDirectoryTable('campaign-start-committees');

let school: SmallSchool;
const START = { method: 'POST', resource: '/api/admin/annual-update/campaigns' };
const start = (body: unknown) => invoke(handler, { ...START, claims: adminClaims(school.adminEmail), body });
const openIds = async () => (await listEntities('COMMITTEE', { consistent: true })).filter((c) => c.openToSignUps).map((c) => c.id).sort();

beforeAll(async () => {
  school = await seedSmallSchool('start-committees');
});

afterEach(async () => {
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, 'test-cleanup');
});

describe('starting a campaign with the committees that recruit', () => {
  it('opens the chosen committees, closes the others, audits each change, and asks for no typed word', async () => {
    // Three the demo school does not recruit for (it opens a few: local/demo/committees.ts); those close too.
    const [first, second, third] = school.committees.filter((c) => !c.openToSignUps);
    const mine = new Set([first!.id, second!.id, third!.id]);
    // One committee already open that the administrator does not choose this year: it closes.
    const before = await start({ schoolYear: '2041-2042', recruitingCommittees: [third!.id] });
    expect(before.status).toBe(201);
    expect(await openIds()).toEqual([third!.id]);
    const lock = await getCampaignLock();
    await closeCampaign(lock!.owner, 'test');

    const response = await start({ schoolYear: '2042-2043', deadline: '2042-10-15', reminderDays: [7], recruitingCommittees: [first!.id, second!.id] });
    expect(response.status).toBe(201);
    expect(await openIds()).toEqual([first!.id, second!.id].sort());
    const audits = (await scanAll()).filter((item) => item.type === 'AUDIT' && item.action === 'committee.update');
    const targets = audits.map((item) => (item.target as { id: string }).id).filter((id) => mine.has(id));
    // The demo's recruiting committees closed at the first start: one audit entry each.
    expect(audits.length - targets.length).toBe(school.committees.filter((c) => c.openToSignUps).length);
    // third opened then closed, first and second opened: four changes, each with the field's name only.
    expect(targets.sort()).toEqual([first!.id, second!.id, third!.id, third!.id].sort());
    expect(audits.every((item) => JSON.stringify(item.fields) === '["openToSignUps"]')).toBe(true);
  });

  it('leaves the committees as they are when the start does not say', async () => {
    const opened = await openIds();
    expect((await start({ schoolYear: '2043-2044' })).status).toBe(201);
    expect(await openIds()).toEqual(opened);
  });

  it('refuses an unknown or repeated committee whole, writing nothing', async () => {
    const before = await scanAll();
    const known = school.committees[0]!.id;
    const unknown = await start({ schoolYear: '2044-2045', recruitingCommittees: [known, '01JZZZZZZZZZZZZZZZZZZZZZZZ'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: [{ path: 'recruitingCommittees.1', issue: 'unknown_committee' }] } });
    expect((await start({ schoolYear: '2044-2045', recruitingCommittees: [known, known] })).status).toBe(400);
    expect(await scanAll()).toEqual(before);
  });
});
