import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { closeCampaign, startCampaign } from '../../lambdas/annual-update/campaign-service';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import { createHandler } from '../../lambdas/common/http';
import { bulkWriteDirectory } from '../../lambdas/directory/directory-repository';
import { getSettings } from '../../lambdas/directory/public';
import { privacyRequestRoutes } from '../../lambdas/privacy/request-handlers';
import type { RequestDeps } from '../../lambdas/privacy/request-service';
import { registryAccess } from '../../lambdas/registry/access';
import { grantRole } from '../../lambdas/registry/admin-roles';
import { generateSchool } from '../../local/demo/generate-school';
import {
  PRIVACY_REQUEST_FILINGS_PER_HOUR,
  PRIVACY_REQUEST_OPEN_MAX,
  MyPrivacyRequestsSchema,
  PrivacyRequestListSchema,
  PrivacyRequestReceiptSchema,
  PrivacyRequestViewSchema,
  type PrivacyRequestView,
} from '@shared/contracts/privacy-requests-api';
import type { Parent } from '@shared/schemas/parent';
import { apiEvent, claimsFor, uniqueIp } from './auth-support';
import { adminClaims, invoke, mailTo, realMailer, testSendDeps, tokenIn } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * Privacy requests (docs/privacy.md) through their routes, in-process against this file's own table and the
 * stack's SES emulator: filing by a signed-in parent and by update link, the receipt and the answer emails in
 * the requester's language, the 30-day due date and the overdue flag (the clock is this file's), the status
 * transitions, and refusals that write nothing.
 */
useDirectoryTable('privacy-requests');

const stack = workerStack();
/** This file's clock: every route built below reads it. */
let clock = new Date('2031-03-03T15:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
let handler: ReturnType<typeof createHandler>;

let adminEmail: string;
let french: Parent;
let english: Parent;
/** A parent whose filings only the bounds test makes. */
let bounded: Parent;

const FILE = { method: 'POST', resource: '/api/privacy-requests' };
const FILE_BY_LINK = { method: 'POST', resource: '/api/update/privacy-request' };
const LIST = { method: 'GET', resource: '/api/admin/privacy/requests' };
const MINE = { method: 'GET', resource: '/api/privacy-requests' };
const update = (id: string) => ({ method: 'PUT', resource: '/api/admin/privacy/requests/{id}', pathParameters: { id } });

beforeAll(async () => {
  const run = ulid().toLowerCase();
  const school = generateSchool({ seed: 11, families: 4 });
  school.parents = school.parents.map((parent, i) => ({
    ...parent,
    email: `privacy-${i}-${run}@test.example`,
    preferredLanguage: i % 2 === 0 ? 'fr' : 'en',
  }));
  await bulkWriteDirectory(school);
  adminEmail = school.parents[0]!.email!;
  await grantRole({ email: adminEmail }, { kind: 'system', id: 'test' });
  french = school.parents[2]!;
  english = school.parents[3]!;
  bounded = school.parents[4]!;
  const deps: () => RequestDeps = () => ({ now: () => clock, mailer: realMailer(stack) });
  handler = createHandler({ registry: registryAccess, routes: privacyRequestRoutes(deps) });
});

const asAdmin = () => ({ claims: adminClaims(adminEmail) });
const requestItems = async () => (await scanAll()).filter((item) => item.pk === 'PRIVACY#REQUESTS');

async function queue(): Promise<ReturnType<typeof PrivacyRequestListSchema.parse>> {
  const response = await invoke(handler, { ...LIST, ...asAdmin() });
  expect(response.status).toBe(200);
  return PrivacyRequestListSchema.parse(response.body);
}

describe('POST /api/privacy-requests (signed-in parent)', () => {
  it('files the request due 30 days after receipt, audited, and emails the receipt in French', async () => {
    clock = new Date('2031-03-03T15:00:00.000Z');
    const response = await invoke(handler, {
      ...FILE,
      claims: claimsFor(french.email!),
      body: { kind: 'access', details: 'Je voudrais une copie de mon dossier.' },
    });

    expect(response.status).toBe(201);
    const receipt = PrivacyRequestReceiptSchema.parse(response.body);
    expect(receipt).toMatchObject({ status: 'received', receivedAt: '2031-03-03T15:00:00.000Z', dueAt: '2031-04-02T15:00:00.000Z' });
    const mail = (await mailTo(stack, french.email!)).at(-1)!;
    expect(mail.subject).toContain('Demande reçue');
    expect(mail.body.text).toContain('au plus tard le 2 avril 2031');
    expect(mail.body.text).toContain(receipt.id.slice(-8));
    // The email takes no reply: it names the school's address (its settings) to write to.
    expect(mail.body.text).toContain('Pour toute question sur votre demande, écrivez à secretariat@');
    // The person in charge (that same address) hears of it at once, in both languages, with the way to the queue:
    // the kind, the dates and the reference, never who asked or what.
    const office = (await getSettings())!.contact.email!;
    const notice = (await mailTo(stack, office)).find((m) => m.subject.includes(receipt.id.slice(-8)))!;
    expect(notice.subject).toBe(`Nouvelle demande de confidentialité (${receipt.id.slice(-8)}), réponse due le 2 avril 2031 / New privacy request (${receipt.id.slice(-8)}), answer due April 2, 2031`);
    expect(notice.body.text).toContain("Un parent a transmis une demande d'accès à ses renseignements le 3 mars 2031");
    expect(notice.body.text).toContain('au plus tard le 2 avril 2031');
    expect(notice.body.text).toContain('The answer is due by April 2, 2031');
    expect(notice.body.text).toContain(`${stack.appUrl}/admin/privacy-requests`);
    expect(notice.body.html).toContain('<span lang="en">');
    expect(`${notice.subject} ${notice.body.text} ${notice.body.html}`).not.toMatch(new RegExp(`copie|${french.email}|${french.firstName}|${french.lastName}`));
    const audit = (await scanAll()).filter((item) => item.gsi1pk === `AUDIT#PRIVACY_REQUEST#${receipt.id}`);
    expect(audit.map((a) => a.action).sort()).toEqual(['privacyRequest.email', 'privacyRequest.file']);
    // Ids and field names only: no words of the request, no name or address.
    expect(JSON.stringify(audit)).not.toMatch(/copie|@test\.example|privacy-2/);
  });

  it('refuses a body with an unknown field, a text too long or an unknown kind, and writes nothing', async () => {
    const before = await requestItems();
    for (const body of [
      { kind: 'access', details: 'Bonjour', isAdmin: true },
      { kind: 'access', details: 'x'.repeat(2001) },
      { kind: 'everything', details: 'Bonjour' },
      { kind: 'access', details: '   ' },
    ]) {
      const response = await invoke(handler, { ...FILE, claims: claimsFor(french.email!), body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await requestItems()).toEqual(before);
  });
});

describe('rate limit of the filing routes', () => {
  it('counts every attempt per client address, malformed ones too: the 21st in ten minutes is 429', async () => {
    const sourceIp = uniqueIp();
    const attempt = () =>
      handler(apiEvent({ method: 'POST', resource: '/api/update/privacy-request', body: '{}', sourceIp }));
    for (let i = 0; i < 20; i += 1) expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers?.['Retry-After'])).toBeGreaterThan(0);
  });
});

describe('the administrators’ queue', () => {
  let filed: PrivacyRequestView;

  it('lists the request with its due date, and flags it overdue once 30 days have passed', async () => {
    clock = new Date('2031-03-10T12:00:00.000Z');
    const response = await invoke(handler, {
      ...FILE,
      claims: claimsFor(english.email!),
      body: { kind: 'correction', details: 'My phone number changed.' },
    });
    expect(response.status).toBe(201);
    const { id } = PrivacyRequestReceiptSchema.parse(response.body);

    let list = await queue();
    filed = list.requests.find((r) => r.id === id)!;
    expect(filed).toMatchObject({
      kind: 'correction',
      status: 'received',
      dueAt: '2031-04-09T12:00:00.000Z',
      overdue: false,
      requester: { parentId: english.id, language: 'en', email: english.email },
      emails: { receipt: 'sent' },
    });
    expect(list.requests[0]!.id).toBe(id);
    expect(list).toMatchObject({ open: 2, overdue: 0 });

    clock = new Date(Date.parse('2031-04-09T12:00:00.000Z') + DAY);
    list = await queue();
    expect(list.requests.find((r) => r.id === id)!.overdue).toBe(true);
    expect(list).toMatchObject({ open: 2, overdue: 2 });
  });

  it('moves it to in progress with a note; refuses a stale version and an answer without the answered status', async () => {
    let response = await invoke(handler, { ...update(filed.id), ...asAdmin(), body: { version: filed.version, status: 'inProgress', note: 'Called the office.' } });
    expect(response.status).toBe(200);
    const moved = PrivacyRequestViewSchema.parse(response.body);
    expect(moved).toMatchObject({ status: 'inProgress', version: filed.version + 1, notes: [{ text: 'Called the office.' }] });

    const before = await requestItems();
    response = await invoke(handler, { ...update(filed.id), ...asAdmin(), body: { version: filed.version, status: 'closed' } });
    expect(response).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } } });
    response = await invoke(handler, { ...update(filed.id), ...asAdmin(), body: { version: moved.version, status: 'inProgress', answer: 'Done.' } });
    expect(response).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: 'answer' }] } } });
    response = await invoke(handler, { ...update(filed.id), ...asAdmin(), body: { version: moved.version, status: 'answered' } });
    expect(response).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: 'answer', issue: 'required' }] } } });
    response = await invoke(handler, { ...update(ulid()), ...asAdmin(), body: { version: 1, status: 'closed' } });
    expect(response).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    expect(await requestItems()).toEqual(before);
    filed = moved;
  });

  it('answers it: the answer email reaches the requester in English, and the request is no longer overdue', async () => {
    const response = await invoke(handler, {
      ...update(filed.id),
      ...asAdmin(),
      body: { version: filed.version, status: 'answered', answer: 'We corrected your phone number.\n\nThank you.' },
    });
    expect(response.status).toBe(200);
    const answered = PrivacyRequestViewSchema.parse(response.body);
    expect(answered).toMatchObject({ status: 'answered', overdue: false, emails: { receipt: 'sent', answer: 'sent' } });
    expect(answered.answer?.text).toBe('We corrected your phone number.\n\nThank you.');

    const mail = (await mailTo(stack, english.email!)).at(-1)!;
    expect(mail.subject).toContain('Answer to your request');
    expect(mail.body.text).toContain('We corrected your phone number.');
    expect(mail.body.text).toContain('received on March 10, 2031');
    expect(mail.body.html).toContain('lang="en"');
    expect((await queue()).overdue).toBe(1);
    filed = answered;
  });

  it('is followed by its requester (GET /api/privacy-requests, My Profile): answered, with its day; never another parent\'s', async () => {
    const mine = await invoke(handler, { ...MINE, claims: claimsFor(english.email!) });
    expect(mine.status).toBe(200);
    const { requests } = MyPrivacyRequestsSchema.parse(mine.body);
    expect(requests).toContainEqual({
      reference: filed.id.slice(-8), kind: filed.kind, status: 'answered', receivedAt: filed.receivedAt, dueAt: filed.dueAt, answeredAt: filed.answer!.at,
    });
    // Never the administrators' notes or the answer's words: only where it stands.
    expect(JSON.stringify(mine.body)).not.toMatch(/Called the office|corrected/);
    const others = MyPrivacyRequestsSchema.parse((await invoke(handler, { ...MINE, claims: claimsFor(bounded.email!) })).body);
    expect(others.requests.map((r) => r.reference)).not.toContain(filed.id.slice(-8));
  });

  it('closes it, after which nothing changes it; an answered request cannot go back', async () => {
    let response = await invoke(handler, { ...update(filed.id), ...asAdmin(), body: { version: filed.version, status: 'received' } });
    expect(response).toMatchObject({ status: 409, body: { error: { code: 'TRANSITION_NOT_ALLOWED' } } });
    response = await invoke(handler, { ...update(filed.id), ...asAdmin(), body: { version: filed.version, status: 'closed' } });
    expect(response.status).toBe(200);
    const closed = PrivacyRequestViewSchema.parse(response.body);
    const before = await requestItems();
    response = await invoke(handler, { ...update(filed.id), ...asAdmin(), body: { version: closed.version, status: 'closed', note: 'Again' } });
    expect(response).toMatchObject({ status: 409, body: { error: { code: 'TRANSITION_NOT_ALLOWED' } } });
    expect(await requestItems()).toEqual(before);
  });

  it('is for administrators only', async () => {
    const response = await invoke(handler, { ...LIST, claims: claimsFor(french.email!) });
    expect(response).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
  });
});

describe('POST /api/update/privacy-request (update-link holder)', () => {
  let campaignId: string;
  let token: string;

  beforeAll(async () => {
    const { campaign } = await startCampaign({ schoolYear: '2061-2062', deadline: '2061-10-01', confirmation: 'confirm' }, 'admin-1');
    campaignId = campaign.id;
    const job = await startSendJob(campaignId, { mode: 'selected', parentIds: [french.id] }, 'admin-1', { now: () => new Date() });
    await continueSendJob(campaignId, job.jobId, testSendDeps(stack));
    token = tokenIn((await mailTo(stack, french.email!)).find((m) => /\/update\//.test(m.body.text ?? ''))!);
  });

  let closed = false;
  afterAll(async () => {
    if (!closed) await closeCampaign(campaignId, 'test-cleanup');
  });

  it('files a request for the link’s parent, with the receipt in their language', async () => {
    clock = new Date();
    const response = await invoke(handler, { ...FILE_BY_LINK, body: { token, kind: 'withdrawal', details: 'Retirez-moi du bottin.' } });
    expect(response.status).toBe(201);
    const receipt = PrivacyRequestReceiptSchema.parse(response.body);
    expect(Date.parse(receipt.dueAt) - Date.parse(receipt.receivedAt)).toBe(30 * DAY);
    const stored = (await queue()).requests.find((r) => r.id === receipt.id)!;
    expect(stored).toMatchObject({ via: 'link', kind: 'withdrawal', requester: { parentId: french.id, language: 'fr' } });
    const mail = (await mailTo(stack, french.email!)).at(-1)!;
    expect(mail.subject).toContain(receipt.id.slice(-8));
    expect(mail.body.text).toContain('retrait du bottin');
  });

  it('refuses an unknown link (404) and a malformed one, writing nothing', async () => {
    const before = await requestItems();
    let response = await invoke(handler, { ...FILE_BY_LINK, body: { token: 'x'.repeat(43), kind: 'access', details: 'Bonjour' } });
    expect(response).toMatchObject({ status: 404, body: { error: { code: 'TOKEN_INVALID' } } });
    response = await invoke(handler, { ...FILE_BY_LINK, body: { token, kind: 'access' } });
    expect(response).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(await requestItems()).toEqual(before);
  });

  it('refuses the link once its campaign is closed (410), writing nothing', async () => {
    await closeCampaign(campaignId, 'test');
    closed = true;
    const before = await requestItems();
    const response = await invoke(handler, { ...FILE_BY_LINK, body: { token, kind: 'access', details: 'Bonjour' } });
    expect(response).toMatchObject({ status: 410, body: { error: { code: 'CAMPAIGN_CLOSED' } } });
    expect(await requestItems()).toEqual(before);
  });
});

describe('bounds per parent: open requests and receipts', () => {
  const HOUR = 60 * 60 * 1000;
  // Each filing from a new address, so the per-address limit of the route never decides.
  const file = (details: string) =>
    handler(apiEvent({ ...FILE, body: JSON.stringify({ kind: 'access', details }), claims: claimsFor(bounded.email!), sourceIp: uniqueIp() }));
  const receipts = async () => (await mailTo(stack, bounded.email!)).length;

  it('files 3 an hour per parent from any address: the next is 429 with Retry-After, files nothing and mails nothing', async () => {
    clock = new Date('2031-06-01T10:00:00.000Z');
    for (let i = 0; i < PRIVACY_REQUEST_FILINGS_PER_HOUR; i += 1) expect((await file(`Demande ${i}`)).statusCode).toBe(201);
    const [items, mails] = [await requestItems(), await receipts()];
    expect(mails).toBe(PRIVACY_REQUEST_FILINGS_PER_HOUR);

    const refused = await file('Encore une');
    expect([refused.statusCode, JSON.parse(refused.body)]).toEqual([429, { error: { code: 'PRIVACY_REQUEST_HOURLY_LIMIT' } }]);
    expect(Number(refused.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(Number(refused.headers?.['Retry-After'])).toBeLessThanOrEqual(3600);
    expect(await requestItems()).toEqual(items);
    expect(await receipts()).toBe(mails);
  });

  it('keeps at most 5 open per parent: the next is 409 until the administrators close one', async () => {
    for (let open = PRIVACY_REQUEST_FILINGS_PER_HOUR; open < PRIVACY_REQUEST_OPEN_MAX; open += 1) {
      clock = new Date(clock.getTime() + HOUR);
      expect((await file(`Demande ${open}`)).statusCode).toBe(201);
    }
    clock = new Date(clock.getTime() + HOUR);
    const [items, mails] = [await requestItems(), await receipts()];
    const refused = await file('Une de trop');
    expect([refused.statusCode, JSON.parse(refused.body)]).toEqual([409, { error: { code: 'PRIVACY_REQUEST_OPEN_LIMIT' } }]);
    expect(await requestItems()).toEqual(items);
    expect(await receipts()).toBe(mails);

    const mine = (await queue()).requests.filter((r) => r.requester.parentId === bounded.id);
    expect(mine.length).toBe(PRIVACY_REQUEST_OPEN_MAX);
    const response = await invoke(handler, { ...update(mine[0]!.id), ...asAdmin(), body: { version: mine[0]!.version, status: 'closed' } });
    expect(response.status).toBe(200);
    expect((await file('Maintenant possible')).statusCode).toBe(201);
  });
});
