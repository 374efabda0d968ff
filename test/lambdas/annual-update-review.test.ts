import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { getParticipant } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { getPendingChange } from '../../lambdas/annual-update/review-repository';
import { myDataCsvFiles } from '../../lambdas/privacy/my-data/my-data-csv';
import { myData } from '../../lambdas/privacy/my-data/my-data-service';
import { MyDataResponseSchema } from '@shared/contracts/my-data-api';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import { conditionalPut } from '../../lambdas/common/transact';
import { entityItem } from '../../lambdas/directory/directory-items';
import { ReviewDecisionResponseSchema, ReviewListResponseSchema } from '@shared/rules/annual-update-review';
import { ParentFormSchema, UpdateSubmitResponseSchema, type ParentForm } from '@shared/rules/parent-form';
import type { Parent } from '@shared/schemas/parent';
import { adminClaims, invoke, mailTo, seedSmallSchool, testSendDeps, tokenIn, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * Review before publishing (docs/annual-update.md), in-process against this file's own table: a campaign with
 * review on holds the parent's answer, the administrator accepts or rejects each field, accepted fields are
 * published in one transaction with the parent's version checked.
 */
useDirectoryTable('annual-update-review');

const stack = workerStack();
let school: SmallSchool;
let campaignId: string;
let target: Parent;
let token: string;

const LOAD = { method: 'POST', resource: '/api/update/load' };
const SUBMIT = { method: 'POST', resource: '/api/update/submit' };
const LIST = { method: 'GET', resource: '/api/admin/annual-update/campaigns/{campaignId}/review' };
const DECIDE = { method: 'POST', resource: '/api/admin/annual-update/campaigns/{campaignId}/review/{parentId}' };

const NEW_PHONE = '5145550177';
const NEW_ADDRESS = { street: '8, rue des Lilas', city: 'Québec', postalCode: 'G1R 2B5' };

const answer = (form: ParentForm, changes: Record<string, unknown> = {}) => {
  const { id: _id, email: _email, ...fields } = form.parent;
  return { ...fields, ...changes };
};
const load = async () => ParentFormSchema.parse((await invoke(handler, { ...LOAD, body: { token } })).body);
const submit = async (data: Record<string, unknown>) => invoke(handler, { ...SUBMIT, body: { token, data } });
const list = async () =>
  ReviewListResponseSchema.parse(
    (await invoke(handler, { ...LIST, pathParameters: { campaignId }, claims: adminClaims(school.adminEmail) })).body,
  );
const decide = (body: Record<string, unknown>) =>
  invoke(handler, { ...DECIDE, pathParameters: { campaignId, parentId: target.id }, body, claims: adminClaims(school.adminEmail) });

beforeAll(async () => {
  school = await seedSmallSchool('review');
  target = school.reachable.find((p) => p.participation !== 'nameOnly' && p.email !== school.adminEmail)!;
  const started = await invoke(handler, {
    method: 'POST',
    resource: '/api/admin/annual-update/campaigns',
    body: { schoolYear: '2062-2063', confirmation: 'confirm', review: true },
    claims: adminClaims(school.adminEmail),
  });
  expect(started.status).toBe(201);
  campaignId = (started.body as { campaign: { id: string; review?: boolean } }).campaign.id;
  expect((started.body as { campaign: { review?: boolean } }).campaign.review).toBe(true);
  const job = await startSendJob(campaignId, { mode: 'selected', parentIds: [target.id] }, 'admin-1', { now: () => new Date() });
  await continueSendJob(campaignId, job.jobId, testSendDeps(stack));
  token = tokenIn((await mailTo(stack, target.email!))[0]!);
});

afterAll(async () => {
  await closeCampaign(campaignId, 'test-cleanup');
});

describe('a parent answering while review is on', () => {
  it('holds the reviewed fields (old and new values), publishes the rest at once and counts the answer', async () => {
    const before = (await getEntity('PARENT', target.id))!;
    const form = await load();
    const response = await submit(answer(form, { phone: '514 555-0177', address: NEW_ADDRESS, preferredLanguage: 'en' }));
    expect(response.status).toBe(200);
    const body = UpdateSubmitResponseSchema.parse(response.body);

    const stored = (await getEntity('PARENT', target.id))!;
    expect(stored.phone).toBe(before.phone);
    expect(stored.address).toEqual(before.address);
    // Not reviewed: the language applies at once.
    expect(stored.preferredLanguage).toBe('en');
    const pending = (await getPendingChange(campaignId, target.id))!;
    expect(pending.baseVersion).toBe(before.version);
    expect(pending.changes).toEqual([
      { field: 'phone', ...(before.phone ? { old: before.phone } : {}), new: NEW_PHONE },
      { field: 'address', ...(before.address ? { old: before.address } : {}), new: NEW_ADDRESS },
    ]);
    // The answer counts (no reminder), and the form says it waits, showing the values sent.
    expect((await getParticipant(campaignId, target.id))!.submittedAt).toBeDefined();
    expect(body.form.pendingReview?.fields).toEqual(['phone', 'address']);
    expect(body.form.parent).toMatchObject({ phone: NEW_PHONE, address: NEW_ADDRESS, version: stored.version });
    const reloaded = await load();
    expect(reloaded.pendingReview?.fields).toEqual(['phone', 'address']);
    expect(reloaded.parent.phone).toBe(NEW_PHONE);

    // What is held is the parent's data too: "download my data" (Law 25, s. 27) carries it, in JSON and CSV.
    const person = { personType: 'PARENT' as const, personId: target.id, email: target.email ?? 'none@test.example', displayName: 'x' };
    const caller = { sub: `sub-${target.id}`, email: person.email, emailVerified: true, groups: [] };
    const data = MyDataResponseSchema.parse(await myData([person], caller, new Date()));
    const thisCampaign = data.parents[0]!.campaigns.find((c) => c.awaitingReview);
    expect(thisCampaign?.awaitingReview?.fields).toEqual([
      { field: 'phone', submitted: NEW_PHONE },
      { field: 'address', submitted: NEW_ADDRESS },
    ]);
    const csv = myDataCsvFiles(data, 'fr').files.find((f) => f.section === 'campaigns')!.text;
    expect(csv).toContain(`phone=${NEW_PHONE} | address=8, rue des Lilas, Québec G1R 2B5`);
  });

  it('replaces the held answer when the parent answers again (a field set back is no longer pending)', async () => {
    const form = await load();
    const published = (await getEntity('PARENT', target.id))!;
    await submit(answer(form, { phone: '514 555-0188', address: published.address ?? null }));
    const pending = (await getPendingChange(campaignId, target.id))!;
    expect(pending.changes.map((c) => c.field)).toEqual(['phone']);
    expect(pending.changes[0]!.new).toBe('5145550188');
    // Back to the form's values: phone and address held again.
    await submit(answer(await load(), { phone: NEW_PHONE, address: NEW_ADDRESS }));
    expect((await getPendingChange(campaignId, target.id))!.changes.map((c) => c.field)).toEqual(['phone', 'address']);
  });
});

describe('a second tab (a form read before another answer was held)', () => {
  it('is refused (CONFLICT) rather than dropping the other answer; read again, it saves; a page without the field is not checked', async () => {
    const published = (await getEntity('PARENT', target.id))!;
    const first = await load();
    const heldA = first.pendingReview!.submittedAt;
    // Tab 1 adds skills to the held answer.
    let response = await submit({ ...answer(first, { skills: 'Soudure' }), heldSince: heldA });
    expect(response.status).toBe(200);
    expect((await getPendingChange(campaignId, target.id))!.changes.map((c) => c.field)).toEqual(['phone', 'address', 'skills']);
    // Tab 2, still on the first form: refused, the skills stay held.
    response = await submit({ ...answer(first, { phone: '514 555-0199' }), heldSince: heldA });
    expect(response).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT', fields: [{ path: 'heldSince', issue: 'stale' }] } } });
    expect((await getPendingChange(campaignId, target.id))!.changes.map((c) => c.field)).toEqual(['phone', 'address', 'skills']);
    // Read again (it shows tab 1's skills), it saves.
    const again = await load();
    expect(again.parent.skills).toBe('Soudure');
    response = await submit({ ...answer(again, { phone: '514 555-0199' }), heldSince: again.pendingReview!.submittedAt });
    expect(response.status).toBe(200);
    // A page from before the field sends none: not checked. Back to the state the next tests start from.
    response = await submit(answer(await load(), { phone: NEW_PHONE, address: NEW_ADDRESS, skills: published.skills }));
    expect(response.status).toBe(200);
    expect((await getPendingChange(campaignId, target.id))!.changes.map((c) => c.field)).toEqual(['phone', 'address']);
  });
});

describe('the administrator deciding', () => {
  it('lists the held answer with the published value as old, and refuses a stale version (CONFLICT, nothing written)', async () => {
    const { items } = await list();
    expect(items).toHaveLength(1);
    const item = items[0]!;
    const published = (await getEntity('PARENT', target.id))!;
    expect(item).toMatchObject({ parentId: target.id, version: published.version });
    expect(item.changes.find((c) => c.field === 'phone')).toEqual({ field: 'phone', ...(published.phone ? { old: published.phone } : {}), new: NEW_PHONE });

    // An administrator's edit lands meanwhile: the decision made on the old version is refused whole.
    const edited = { ...published, skills: 'Comptabilité', version: published.version + 1 };
    await conditionalPut(entityItem('PARENT', edited), { expectedVersion: published.version });
    const before = await scanAll();
    const stale = await decide({ version: item.version, submittedAt: item.submittedAt, accept: ['phone'] });
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } } });
    const wrongAnswer = await decide({ version: edited.version, submittedAt: '2000-01-01T00:00:00.000Z', accept: ['phone'] });
    expect(wrongAnswer).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } } });
    const notHeld = await decide({ version: edited.version, submittedAt: item.submittedAt, accept: ['skills'] });
    expect(notHeld).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(await scanAll()).toEqual(before);
  });

  it('accepts one field (published, version moved on, audited), leaves the other pending, then rejects it', async () => {
    const [item] = (await list()).items;
    const before = (await getEntity('PARENT', target.id))!;
    expect(item!.version).toBe(before.version);

    const accepted = await decide({ version: item!.version, submittedAt: item!.submittedAt, accept: ['phone'] });
    expect(accepted.status).toBe(200);
    const left = ReviewDecisionResponseSchema.parse(accepted.body).item!;
    expect(left.changes.map((c) => c.field)).toEqual(['address']);
    const after = (await getEntity('PARENT', target.id))!;
    expect(after).toMatchObject({ phone: NEW_PHONE, version: before.version + 1, skills: 'Comptabilité' });
    expect(after.address).toEqual(before.address);

    const mailBefore = (await mailTo(stack, target.email!)).length;
    const rejected = await decide({ version: left.version, submittedAt: left.submittedAt, reject: ['address'] });
    expect(rejected).toEqual({ status: 200, body: { item: null } });
    // The parent is told, in their language, which kind of information was not published, never its value (the
    // accepted phone sent nothing).
    const mail = await mailTo(stack, target.email!);
    expect(mail).toHaveLength(mailBefore + 1);
    const note = mail.at(-1)!;
    const text = note.body.text ?? '';
    if ((after.preferredLanguage ?? 'fr') === 'fr') {
      expect(note.subject).toMatch(/^Un changement à vos renseignements n'a pas été publié – /);
      expect(text).toContain("n'a pas publié le changement suivant\u00a0: adresse.");
    } else {
      expect(note.subject).toMatch(/^A change to your information was not published – /);
      expect(text).toContain('did not publish this change: address.');
    }
    expect(text).not.toContain(NEW_ADDRESS.street);
    expect(note.body.html).not.toContain(NEW_ADDRESS.street);
    expect((await getEntity('PARENT', target.id))!).toEqual(after);
    expect(await getPendingChange(campaignId, target.id)).toBeUndefined();
    expect((await list()).items).toEqual([]);
    expect((await load()).pendingReview).toBeUndefined();

    const audit = (await scanAll()).filter((i) => i.type === 'AUDIT' && (i.target as { id: string }).id === target.id);
    expect(audit.map((a) => [a.action, a.fields])).toEqual(
      expect.arrayContaining([
        ['parent.reviewAccepted', ['phone']],
        ['parent.reviewRejected', ['address']],
      ]),
    );
    // The participants' history says it too, by kind of information, without the values.
    const history = (await getParticipant(campaignId, target.id))!.history ?? [];
    expect(history.filter((e) => e.event.startsWith('review')).map((e) => [e.event, e.fields])).toEqual([
      ['reviewAccepted', ['phone']],
      ['reviewRejected', ['address']],
    ]);
    expect(JSON.stringify(history)).not.toContain(NEW_ADDRESS.street);
    // No phone number typed in this file, in any form (not '555' alone: a timestamp's milliseconds can read 555).
    const logged = JSON.stringify(audit);
    for (const phone of [NEW_PHONE, '5145550188', '514 555-0177', '514 555-0188', '555-01']) expect(logged).not.toContain(phone);
  });

  it('applies an opt-out at once and drops the held answer', async () => {
    await submit(answer(await load(), { skills: 'Photographie' }));
    expect((await getPendingChange(campaignId, target.id))!.changes.map((c) => c.field)).toEqual(['skills']);
    await submit(answer(await load(), { participation: 'nameOnly' }));
    const stored = (await getEntity('PARENT', target.id))!;
    expect(stored.participation).toBe('nameOnly');
    expect(stored.phone).toBeUndefined();
    expect(await getPendingChange(campaignId, target.id)).toBeUndefined();
  });
});

// A trial closed a campaign with an answer held, started next year's, and the answer was lost unsaid.
describe("next year's campaign while answers wait for review", () => {
  it('is refused (REVIEW_PENDING, nothing started) until they are decided, then starts', async () => {
    await submit(answer(await load(), { participation: 'full', phone: '4385550199' }));
    const held = (await list()).items[0]!;
    await closeCampaign(campaignId, 'admin-1');
    const start = () =>
      invoke(handler, {
        method: 'POST',
        resource: '/api/admin/annual-update/campaigns',
        body: { schoolYear: '2063-2064' },
        claims: adminClaims(school.adminEmail),
      });
    const refused = await start();
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'REVIEW_PENDING' } } });
    expect(JSON.stringify(await scanAll())).not.toContain('2063-2064');

    // Decided after the close (the review screen follows the latest campaign), the next year starts.
    expect((await decide({ version: held.version, submittedAt: held.submittedAt, reject: held.changes.map((c) => c.field) })).status).toBe(200);
    const started = await start();
    expect(started.status).toBe(201);
    await closeCampaign((started.body as { campaign: { id: string } }).campaign.id, 'test-cleanup');
  });
});
