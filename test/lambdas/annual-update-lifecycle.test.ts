import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCampaign, getParticipant } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign, getCurrentCampaign, getParticipants, startCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { hashToken } from '../../lambdas/annual-update/token-repository';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { LettersResponseSchema, type LettersResponse } from '@shared/contracts/annual-update-letters-api';
import { CampaignViewSchema } from '@shared/contracts/annual-update-api';
import { ParentFormSchema, type ParentForm } from '@shared/rules/parent-form';
import { schoolDay } from '@shared/rules/school-calendar';
import { adminClaims, invoke, mailTo, seedSmallSchool, testSendDeps, tokenIn, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * The campaign's lifecycle (docs/annual-update.md, "Campaign lifecycle"), in-process against this file's own table:
 * starting a year that exists says so, a closed campaign reopens with a new deadline (its links work again, the
 * answers stay), a reprint of one family's letter leaves the others' codes alone, and a link that cannot be used
 * says why: closed campaign, replaced code or past its own expiry, each with the school's contact.
 */
useDirectoryTable('annual-update-lifecycle');
const stack = workerStack();

let school: SmallSchool;
let campaignId: string;
/** Two emailed parents: the first answers before the close, the second does not. */
let tokens: string[];

const LOAD = { method: 'POST', resource: '/api/update/load' };
const SUBMIT = { method: 'POST', resource: '/api/update/submit' };
const admin = () => adminClaims(school.adminEmail);
const reopenCall = (id: string, body: unknown) => ({
  method: 'POST',
  resource: '/api/admin/annual-update/campaigns/{campaignId}/reopen',
  pathParameters: { campaignId: id },
  claims: admin(),
  body,
});
const lettersCall = (body?: unknown) => ({
  method: 'POST',
  resource: '/api/admin/annual-update/campaigns/{campaignId}/letters',
  pathParameters: { campaignId },
  claims: admin(),
  ...(body === undefined ? {} : { body }),
});
const errorOf = (body: unknown) => (body as { error: { code: string; details?: Record<string, unknown> } }).error;
const answer = (form: ParentForm, changes: Record<string, unknown> = {}) => {
  const { id: _id, email: _email, ...fields } = form.parent;
  return { ...fields, ...changes };
};
const inDays = (days: number) => schoolDay(new Date(Date.now() + days * 86_400_000));

async function print(body?: unknown): Promise<LettersResponse> {
  const response = await invoke(handler, lettersCall(body));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return LettersResponseSchema.parse(response.body);
}

async function load(token: string) {
  return invoke(handler, { ...LOAD, body: { token } });
}

beforeAll(async () => {
  // Two parents without an email, so a reprint of one has another to leave alone.
  school = await seedSmallSchool('lifecycle');
  const second = school.reachable.at(-1)!;
  await documentClient().send(new PutCommand({ TableName: tableName(), Item: await rawParent(second.id) }));
  school.unreachableIds = [...school.unreachableIds, second.id];
  school.reachable = school.reachable.filter((p) => p.id !== second.id);

  const { campaign } = await startCampaign({ schoolYear: '2064-2065', deadline: inDays(20), reminderDays: [7, 2], confirmation: 'confirm' }, 'admin-1');
  campaignId = campaign.id;
  const emailed = school.reachable.slice(1, 3);
  const job = await startSendJob(campaignId, { mode: 'selected', parentIds: emailed.map((p) => p.id) }, 'admin-1', { now: () => new Date() });
  await continueSendJob(campaignId, job.jobId, testSendDeps(stack));
  tokens = await Promise.all(emailed.map(async (p) => tokenIn((await mailTo(stack, p.email!))[0]!)));
  const form = ParentFormSchema.parse((await load(tokens[0]!)).body);
  const saved = await invoke(handler, { ...SUBMIT, body: { token: tokens[0], data: answer(form, { phone: '514 555-0177' }) } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});

/** The stored parent item without its email (a parent who never gave one, for the letters). */
async function rawParent(id: string): Promise<Record<string, unknown>> {
  const item = (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.entity('PARENT', id) }))).Item!;
  const { email: _email, ...rest } = item;
  return rest;
}

afterAll(async () => {
  await closeCampaign(campaignId, 'test-cleanup');
});

describe('paper letters: reprinting one family', () => {
  it("issues a new code for the chosen family only: every other family's code keeps working", async () => {
    const all = await print();
    expect(all.letters.map((l) => l.parentId).sort()).toEqual([...school.unreachableIds].sort());
    const [first, second] = all.letters;

    const one = await print({ parentIds: [first!.parentId] });
    expect(one.letters.map((l) => l.parentId)).toEqual([first!.parentId]);
    expect((await load(second!.code)).status).toBe(200);
    expect((await load(one.letters[0]!.code)).status).toBe(200);
    // The reprinted family's old letter says why it stopped, with whom to call.
    const replaced = await load(first!.code);
    expect(replaced.status).toBe(410);
    expect(errorOf(replaced.body)).toMatchObject({ code: 'CODE_REPLACED', details: { school: { name: school.settings!.schoolName } } });

    // The manager knows who holds a printed letter (the full reissue counts them before it asks).
    const { participants } = await getParticipants(campaignId);
    const printed = participants.filter((p) => p.letterPrintedAt).map((p) => p.parentId).sort();
    expect(printed).toEqual([...school.unreachableIds].sort());
  });

  it('refuses a family that gets no letter (it has an email), issuing nothing', async () => {
    const before = await scanAll();
    const response = await invoke(handler, lettersCall({ parentIds: [school.reachable[1]!.id] }));
    expect([response.status, errorOf(response.body).code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await scanAll()).toEqual(before);
  });
});

describe('a link that cannot be used says why', () => {
  it('past its own expiry: TOKEN_EXPIRED with the day it ended and the school contact', async () => {
    const key = keys.updateToken(hashToken(tokens[1]!));
    const stored = (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item!;
    const yesterday = Math.floor(Date.now() / 1000) - 86_400;
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...stored, expiresAt: yesterday } }));
    try {
      const response = await load(tokens[1]!);
      expect(response.status).toBe(410);
      expect(errorOf(response.body)).toMatchObject({
        code: 'TOKEN_EXPIRED',
        details: { endedOn: schoolDay(new Date(yesterday * 1000)), school: { name: school.settings!.schoolName } },
      });
    } finally {
      await documentClient().send(new PutCommand({ TableName: tableName(), Item: stored }));
    }
  });
});

const scheduleCall = (body: unknown) => ({
  method: 'PUT',
  resource: '/api/admin/annual-update/campaigns/{campaignId}/reminders',
  pathParameters: { campaignId },
  claims: admin(),
  body,
});
/** A link's stored expiry, from the link itself or from its hash. */
const storedExpiry = async (token: string, hashed = false) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.updateToken(hashed ? token : hashToken(token)) }))).Item!
    .expiresAt as number;
const dayAfter = (day: string, days: number) => Date.parse(`${day}T00:00:00Z`) / 1000 + days * 86_400;

describe('moving the deadline of the open campaign', () => {
  it('refuses a past day, and one beyond the campaign\'s school year (its links would live as long), writing nothing', async () => {
    const before = await scanAll();
    for (const [deadline, issue] of [
      [inDays(-1), 'deadline_past'],
      // The campaign is 2064-2065's: its last possible deadline is 2065-08-31 (shared/rules/campaign-deadline.ts).
      ['2065-09-01', 'deadline_too_far'],
    ] as const) {
      const response = await invoke(handler, scheduleCall({ reminderDays: [7, 2], deadline }));
      expect([response.status, errorOf(response.body).code]).toEqual([400, 'VALIDATION_FAILED']);
      expect((response.body as { error: { fields?: unknown } }).error.fields).toEqual([{ path: 'deadline', issue }]);
    }
    // A start takes the same bound.
    const start = await invoke(handler, {
      method: 'POST',
      resource: '/api/admin/annual-update/campaigns',
      claims: admin(),
      body: { schoolYear: '2090-2091', deadline: '2127-01-22' },
    });
    expect((start.body as { error: { fields?: unknown } }).error.fields).toEqual([{ path: 'deadline', issue: 'deadline_too_far' }]);
    expect(await scanAll()).toEqual(before);
  });

  it('carries the links already sent past a later deadline, counts the reminders from it, audited', async () => {
    const sooner = await invoke(handler, scheduleCall({ reminderDays: [7, 2], deadline: inDays(3) }));
    expect(sooner.status, JSON.stringify(sooner.body)).toBe(200);
    // Three days left: the week's reminder is past, the two days' one to come.
    expect(CampaignViewSchema.parse(sooner.body).reminders).toMatchObject({ days: [7, 2], sent: [7] });

    const deadline = inDays(75);
    const later = await invoke(handler, scheduleCall({ reminderDays: [14, 2], deadline }));
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(CampaignViewSchema.parse(later.body)).toMatchObject({ status: 'active', deadline, reminders: { days: [14, 2], sent: [] } });
    // Links of 30 days sent before: each works through the new day, letters' codes too.
    for (const token of tokens) expect(await storedExpiry(token)).toBeGreaterThanOrEqual(dayAfter(deadline, 2));
    const letterItem = (parentId: string) => documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.letterCode(campaignId, parentId) }));
    const printed = (await letterItem(school.unreachableIds[0]!)).Item!;
    expect(printed.expiresAt as number).toBeGreaterThanOrEqual(dayAfter(deadline, 2));
    expect(await storedExpiry(printed.codeHash as string, true)).toBeGreaterThanOrEqual(dayAfter(deadline, 2));
    const audits = (await scanAll()).filter((i) => i.type === 'AUDIT' && i.action === 'campaign.deadline');
    expect(audits).toHaveLength(2);
    // The form shows the new day.
    expect(ParentFormSchema.parse((await load(tokens[1]!)).body).campaign).toMatchObject({ deadline });
  });

  it("sends new links that live through a deadline beyond a link's own life", async () => {
    const parent = school.reachable[3] ?? school.reachable[0]!;
    const job = await startSendJob(campaignId, { mode: 'selected', parentIds: [parent.id] }, 'admin-1', { now: () => new Date() });
    await continueSendJob(campaignId, job.jobId, testSendDeps(stack));
    const token = tokenIn((await mailTo(stack, parent.email!)).at(-1)!);
    const { deadline } = (await getCampaign(campaignId))!;
    expect(await storedExpiry(token)).toBeGreaterThanOrEqual(dayAfter(deadline!, 2));
  });

  it('the same date again changes nothing but the reminders', async () => {
    const { deadline, version } = (await getCampaign(campaignId))!;
    const same = await invoke(handler, scheduleCall({ reminderDays: [7, 2], deadline }));
    expect(same.status).toBe(200);
    expect((await scanAll()).filter((i) => i.type === 'AUDIT' && i.action === 'campaign.deadline')).toHaveLength(2);
    expect((await getCampaign(campaignId))!.version).toBe(version + 1);
  });
});

describe('closing, then reopening', () => {
  let letters: LettersResponse;

  it('closed: every link and code answers CAMPAIGN_CLOSED with the closing day; starting the year again says it exists', async () => {
    letters = await print();
    const closed = await closeCampaign(campaignId, 'admin-1');
    expect(closed.status).toBe('completed');
    // A closed campaign can be reopened until the day before its retention purge (24 months by default).
    expect(closed.reopenUntil).toBeDefined();
    expect(closed.reopenUntil! > inDays(700)).toBe(true);

    for (const token of [tokens[0]!, letters.letters[0]!.code]) {
      const response = await load(token);
      expect(response.status).toBe(410);
      expect(errorOf(response.body)).toMatchObject({ code: 'CAMPAIGN_CLOSED', details: { endedOn: schoolDay(new Date(closed.completedAt!)) } });
    }
    const again = await invoke(handler, {
      method: 'POST',
      resource: '/api/admin/annual-update/campaigns',
      claims: admin(),
      body: { schoolYear: '2064-2065', confirmation: 'confirm' },
    });
    expect([again.status, errorOf(again.body).code]).toEqual([409, 'CAMPAIGN_EXISTS']);
  });

  it('refuses a past deadline, writing nothing', async () => {
    const before = await scanAll();
    const response = await invoke(handler, reopenCall(campaignId, { deadline: inDays(-1) }));
    expect([response.status, errorOf(response.body).code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await scanAll()).toEqual(before);
  });

  it('reopens with a new deadline: the links and codes valid at the close work again, the answers are kept, audited', async () => {
    const before = await getCampaign(campaignId);
    // A link that would have expired while the campaign was closed is carried past the new deadline.
    const key = keys.updateToken(hashToken(tokens[1]!));
    const stored = (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item!;
    const soon = Math.floor(Date.now() / 1000) + 3600;
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...stored, expiresAt: soon } }));

    const deadline = inDays(45);
    const response = await invoke(handler, reopenCall(campaignId, { deadline }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const view = CampaignViewSchema.parse(response.body);
    expect(view).toMatchObject({ status: 'active', deadline, counts: { formsSubmitted: before!.formsSubmitted } });
    expect(view.reopenedAt).toBeDefined();
    expect(view.completedAt).toBeUndefined();
    // Open again: the day it could be reopened until if it closed today (the closing dialog says it).
    expect(view.reopenUntil! > inDays(700)).toBe(true);
    // Reminders: the 7- and 2-day offsets count from the new deadline; none is marked sent for a day to come.
    expect(view.reminders.sent).toEqual([]);

    for (const token of [tokens[0]!, tokens[1]!, letters.letters[0]!.code]) expect((await load(token)).status, token).toBe(200);
    const renewed = (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item!;
    expect(renewed.expiresAt as number).toBeGreaterThan(Date.parse(`${deadline}T00:00:00Z`) / 1000);

    // The answer given before the close is still there, and the parent can answer once more.
    const first = school.reachable[1]!;
    expect(await getEntity('PARENT', first.id)).toMatchObject({ phone: '5145550177' });
    expect((await getParticipant(campaignId, first.id))?.submittedAt).toBeDefined();
    const form = ParentFormSchema.parse((await load(tokens[0]!)).body);
    const saved = await invoke(handler, { ...SUBMIT, body: { token: tokens[0], data: answer(form, { phone: '514 555-0188' }) } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await getEntity('PARENT', first.id)).toMatchObject({ phone: '5145550188' });

    const audits = (await scanAll()).filter((i) => i.type === 'AUDIT' && i.action === 'campaign.reopen');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target: { type: 'CAMPAIGN', id: campaignId } });
    expect((await getCurrentCampaign()).campaign).toMatchObject({ id: campaignId, status: 'active', deadline });
  });

  it('the same reopen sent twice answers the reopened campaign; a second campaign cannot open meanwhile', async () => {
    const current = (await getCurrentCampaign()).campaign!;
    const repeat = await invoke(handler, reopenCall(campaignId, { deadline: current.deadline }));
    expect(repeat.status).toBe(200);
    expect((await scanAll()).filter((i) => i.type === 'AUDIT' && i.action === 'campaign.reopen')).toHaveLength(1);
    const other = await invoke(handler, reopenCall(campaignId, { deadline: inDays(50) }));
    expect([other.status, errorOf(other.body).code]).toEqual([409, 'CONFLICT']);
  });

  it('refuses to reopen an older campaign once a newer one exists', async () => {
    await closeCampaign(campaignId, 'admin-1');
    const next = await startCampaign({ schoolYear: '2065-2066', confirmation: 'confirm' }, 'admin-1');
    try {
      const open = await invoke(handler, reopenCall(campaignId, { deadline: inDays(30) }));
      expect([open.status, errorOf(open.body).code]).toEqual([409, 'REOPEN_NOT_ALLOWED']);
      await closeCampaign(next.campaign.id, 'admin-1');
      const newer = await invoke(handler, reopenCall(campaignId, { deadline: inDays(30) }));
      expect([newer.status, errorOf(newer.body).code]).toEqual([409, 'REOPEN_NOT_ALLOWED']);
    } finally {
      await closeCampaign(next.campaign.id, 'admin-1');
    }
  });
});
