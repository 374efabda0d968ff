import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { bulkWriteDirectory } from '../../lambdas/directory/directory-repository';
import { listConsent } from '../../lambdas/directory/consent-repository';
import { handler } from '../../lambdas/messages/index';
import { continueMessage } from '../../lambdas/messages/send-service';
import { listInbox } from '../../lambdas/messages/message-repository';
import { grantRole } from '../../lambdas/registry/admin-roles';
import type { Mailer } from '../../lambdas/common/mailer';
import { generateSchool } from '../../local/demo/generate-school';
import { readRawMailbox, type RawStoredEmail } from '../../local/ses';
import type { Message, MessageSettings, MessagesResponse } from '@shared/contracts/messages-api';
import { adminClaims, invoke, realMailer } from './annual-update-support';
import { apiEvent, claimsFor } from './auth-support';
import { useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * Messages (docs/messages.md) against DynamoDB Local and the SES emulator, in this file's own table: who may write,
 * who receives (read from the emulator's raw messages: one recipient each, no other address anywhere, the
 * unsubscribe headers), the one-click unsubscribe without a session, the quota, the approval and the admin log.
 */
useDirectoryTable('messages');

const stack = workerStack();
const run = ulid().toLowerCase();

interface Seeded {
  classId: string;
  classParents: { id: string; email: string; language: 'fr' | 'en' }[];
  rep: { id: string; email: string };
  outsider: { id: string; email: string };
  admin: { id: string; email: string };
  allEmails: string[];
}
let seeded: Seeded;

beforeAll(async () => {
  const school = generateSchool({ seed: 23, families: 14 });
  school.parents = school.parents.map((p, i) => ({ ...p, email: `msg-${i}-${run}@test.example` }));
  const target = school.classes.find((c) => school.students.some((s) => s.classId === c.id))!;
  const studentIds = new Set(school.students.filter((s) => s.classId === target.id).map((s) => s.id));
  const parentIds = new Set(school.families.filter((f) => studentIds.has(f.studentId)).map((f) => f.parentId));
  // Two of the class's parents share one address (a couple's family email): they get one email between them.
  const inClass = school.parents.filter((p) => parentIds.has(p.id));
  expect(inClass.length).toBeGreaterThanOrEqual(5);
  inClass[4]!.email = inClass[3]!.email;
  const classParents = inClass.map((p) => ({ id: p.id, email: p.email!, language: p.preferredLanguage }));
  const others = school.parents.filter((p) => !parentIds.has(p.id)).map((p) => ({ id: p.id, email: p.email! }));
  const rep = classParents[0]!;
  for (const c of school.classes) c.parentRepresentativeIds = c.id === target.id ? [rep.id] : [];
  school.memberships = school.memberships.filter((m) => m.role !== 'chair' && m.role !== 'coChair');
  await bulkWriteDirectory(school);
  await grantRole({ email: others[1]!.email }, { kind: 'system', id: 'test' });
  seeded = { classId: target.id, classParents, rep, outsider: others[0]!, admin: others[1]!, allEmails: school.parents.map((p) => p.email!) };
  expect(classParents.length).toBeGreaterThanOrEqual(3);
});

/** Each member signs in with one account: the same sub on every request, as Cognito gives. */
const write = (email: string, body: Record<string, unknown>) =>
  invoke(handler, { method: 'POST', resource: '/api/messages', body, claims: claimsFor(email, { sub: `sub-${email}` }) });

const toClass = (text: string, extra: Record<string, unknown> = {}) => ({
  audience: { type: 'class', classId: seeded.classId },
  subject: { fr: `Sortie ${text}` },
  body: { fr: `Bonjour, la sortie ${text} a lieu vendredi. Détails : https://ecole.example/sortie` },
  shareReplyTo: false,
  // One key per message written, as the author's page chooses it: the same text sent again is a retry.
  clientKey: `key-${text}-${run}`,
  ...extra,
});

/** Sends a message to the end through the route the author's page calls. */
async function sendAll(email: string, id: string): Promise<Message> {
  for (let i = 0; i < 20; i++) {
    const result = await invoke(handler, { method: 'POST', resource: '/api/messages/{id}/continue', pathParameters: { id }, claims: claimsFor(email) });
    expect(result.status).toBe(200);
    const progress = result.body as { message: Message; done: boolean };
    if (progress.done) return progress.message;
  }
  throw new Error('message never finished');
}

async function rawFor(subject: string): Promise<RawStoredEmail[]> {
  return (await readRawMailbox(stack.mailboxUrl)).filter((m) => m.raw.includes(`\r\nSubject: Sortie ${subject}\r\n`));
}

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw.split('\r\n\r\n')[0]!)?.[1];

/** The raw email with its base64 parts and encoded words decoded: what a mail program shows. */
const decoded = (raw: string) =>
  raw
    .replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/g, (_all, b64: string) => Buffer.from(b64, 'base64').toString('utf8'))
    .replace(/(Content-Transfer-Encoding: base64\r\n\r\n)([A-Za-z0-9+/=\r\n]+)/g, (_all, head: string, b64: string) => head + Buffer.from(b64.replace(/\r\n/g, ''), 'base64').toString('utf8'));

describe('messages to a class', () => {
  it('a representative writes to class A and sends it from two tabs at once: each consenting parent gets exactly one email, alone, with one-click unsubscribe; a parent who declined reads it in the app', async () => {
    const declined = seeded.classParents[1]!;
    const consent = await invoke(handler, {
      method: 'PUT',
      resource: '/api/me/message-consents',
      body: { consents: { school: true, class: false, committee: true }, language: 'fr' },
      claims: claimsFor(declined.email),
    });
    expect(consent.status).toBe(200);

    const created = await write(seeded.rep.email, toClass('A1'));
    expect(created.status).toBe(201);
    const message = (created.body as { message: Message }).message;
    expect(message.author.role.fr).toBe('Parent représentant(e) de la classe');
    // Only the author (here not an administrator) or an administrator sends it on: anyone else is told it does not exist.
    const stranger = await invoke(handler, { method: 'POST', resource: '/api/messages/{id}/continue', pathParameters: { id: message.id }, claims: claimsFor(seeded.outsider.email) });
    expect(stranger.status).toBe(404);
    // The author's page open in two tabs, both resuming at once: each delivery is claimed before SES is called, so
    // the emails below are one per parent all the same.
    const [done, twin] = await Promise.all([sendAll(seeded.rep.email, message.id), sendAll(seeded.rep.email, message.id)]);
    expect([done.status, twin.status]).toEqual(['sent', 'sent']);

    const expected = [...new Set(seeded.classParents.filter((p) => p.id !== seeded.rep.id && p.id !== declined.id).map((p) => p.email))];
    const mail = await rawFor('A1');
    expect(mail.map((m) => m.destinations).sort()).toEqual(expected.map((e) => [e]).sort());
    for (const m of mail) {
      const [to] = m.destinations;
      const everything = `${m.raw}\n${decoded(m.raw)}`;
      // No other person's address anywhere in the headers or the body.
      for (const other of seeded.allEmails.filter((e) => e !== to)) expect(everything).not.toContain(other);
      expect(header(m.raw, 'To')).toBe(to);
      expect(header(m.raw, 'Reply-To')).toBeUndefined();
      expect(header(m.raw, 'List-Unsubscribe')).toMatch(/^<http.*\/api\/messages\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
      expect(header(m.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      // A French text; the footer in the recipient's own language.
      expect(decoded(m.raw)).toContain('la sortie A1 a lieu vendredi');
      const language = seeded.classParents.find((p) => p.email === to)!.language;
      expect(decoded(m.raw)).toContain(language === 'fr' ? 'parent de cette classe' : 'a parent of this class');
      // The footer's link to the page carries the email's language and the message's kind, so the page names it
      // before the click without reading the token; the token is the List-Unsubscribe header's.
      const token = /token=([A-Za-z0-9_-]{43})/.exec(header(m.raw, 'List-Unsubscribe')!)![1]!;
      expect(decoded(m.raw)).toMatch(new RegExp(`/unsubscribe\\?token=${token}&lang=(fr|en)&kind=class\\b`));
    }

    const inbox = await invoke(handler, { method: 'GET', resource: '/api/messages', claims: claimsFor(declined.email) });
    const received = (inbox.body as MessagesResponse).received;
    expect(received.map((m) => m.id)).toContain(message.id);
    expect((inbox.body as MessagesResponse).unread).toBeGreaterThanOrEqual(1);
  });

  it('a couple sharing one address got one email between them, both counted as reached, and its unsubscribe stops both', async () => {
    const [first, second] = [seeded.classParents[3]!, seeded.classParents[4]!];
    expect(first.email).toBe(second.email);
    const mail = (await rawFor('A1')).filter((m) => m.destinations[0] === first.email);
    expect(mail).toHaveLength(1);
    const message = ((await invoke(handler, { method: 'GET', resource: '/api/messages', claims: claimsFor(seeded.rep.email, { sub: `sub-${seeded.rep.email}` }) })).body as MessagesResponse).sent.find((m) => m.subject.fr === 'Sortie A1')!;
    const states = await Promise.all([first, second].map(async (p) => (await listInbox(`PARENT#${p.id}`)).find((d) => d.messageId === message.id)!));
    expect(states.map((d) => d.state)).toEqual(['sent', 'sent']);
    expect(states.map((d) => d.reason ?? null).sort()).toEqual(['sameAddress', null].sort());

    const token = /token=([A-Za-z0-9_-]{43})/.exec(header(mail[0]!.raw, 'List-Unsubscribe')!)![1]!;
    const event = apiEvent({ method: 'POST', resource: '/api/messages/unsubscribe', body: 'List-Unsubscribe=One-Click' });
    event.headers['content-type'] = 'application/x-www-form-urlencoded';
    event.queryStringParameters = { token };
    expect((await handler(event)).statusCode).toBe(200);
    for (const parent of [first, second]) {
      expect((await listConsent(parent.id))[0]).toMatchObject({ by: 'unsubscribeLink', after: { messages: { class: false } } });
    }
  });

  it('a parent who is not the class representative gets 403', async () => {
    const result = await write(seeded.outsider.email, toClass('refused'));
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ error: { code: 'MESSAGE_AUDIENCE_NOT_ALLOWED' } });
  });

  it('one-click unsubscribe (a form POST without a session) stops the next message and is in the consent log', async () => {
    const first = (await write(seeded.rep.email, toClass('U1'))).body as { message: Message };
    await sendAll(seeded.rep.email, first.message.id);
    const target = seeded.classParents[2]!;
    const email = (await rawFor('U1')).find((m) => m.destinations[0] === target.email)!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(header(email.raw, 'List-Unsubscribe')!)![1]!;
    // What a mail program sends (RFC 8058): a form body, no session, the token in the header's URL.
    const event = apiEvent({ method: 'POST', resource: '/api/messages/unsubscribe', body: 'List-Unsubscribe=One-Click' });
    event.headers['content-type'] = 'application/x-www-form-urlencoded';
    event.queryStringParameters = { token };
    const result = await handler(event);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ category: 'class', language: expect.any(String) });
    const log = await listConsent(target.id);
    expect(log[0]).toMatchObject({ by: 'unsubscribeLink', channel: 'emailUnsubscribe', after: { messages: { class: false } } });

    // The next message of that kind (the class's representative, the third of their week).
    const next = (await write(seeded.rep.email, toClass('U2'))).body as { message: Message };
    await sendAll(seeded.rep.email, next.message.id);
    const second = await rawFor('U2');
    expect(second.length).toBeGreaterThan(0);
    expect(second.map((m) => m.destinations[0])).not.toContain(target.email);
  });

  it('the quota answers 429 with its code and the refused message is in no log', async () => {
    // The representative already wrote three times this week above (A1, U1, U2): the fourth is refused.
    const refused = await write(seeded.rep.email, toClass('Q4'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'MESSAGE_QUOTA' } });
    const log = await invoke(handler, { method: 'GET', resource: '/api/admin/messages', claims: adminClaims(seeded.admin.email) });
    const subjects = (log.body as { messages: Message[] }).messages.map((m) => m.subject.fr);
    expect(subjects).toContain('Sortie U2');
    expect(subjects).not.toContain('Sortie Q4');
    // The page says so before a fifth is written: when the oldest of the three leaves the week's window.
    const page = (await invoke(handler, { method: 'GET', resource: '/api/messages', claims: claimsFor(seeded.rep.email, { sub: `sub-${seeded.rep.email}` }) })).body as MessagesResponse;
    const oldest = page.sent.filter((m) => m.status !== 'rejected').map((m) => Date.parse(m.createdAt)).sort()[0]!;
    expect(page.quota).toMatchObject({ used: 3, limit: 3, days: 7 });
    // Each audience says how many of its people read each language (the form warns of a text in one language).
    const classOption = page.audiences.find((a) => a.audience.type === 'class')!;
    const english = seeded.classParents.filter((p) => p.id !== seeded.rep.id && p.language === 'en').length;
    expect(classOption.readers).toEqual({ fr: classOption.recipients - english, en: english });
    expect(Math.abs(Date.parse(page.quota.freesAt!) - (oldest + 7 * 86_400_000))).toBeLessThan(2_000);
  });

  it('a send repeated with the same client key answers the first message, even once the quota is used up', async () => {
    const log = async () => ((await invoke(handler, { method: 'GET', resource: '/api/admin/messages', claims: adminClaims(seeded.admin.email) })).body as { messages: Message[] }).messages;
    const first = (await log()).find((m) => m.subject.fr === 'Sortie U2')!;
    const retried = await write(seeded.rep.email, toClass('U2'));
    expect(retried.status).toBe(201);
    expect((retried.body as { message: Message }).message.id).toBe(first.id);
    expect((await log()).filter((m) => m.subject.fr === 'Sortie U2')).toHaveLength(1);
  });
});

describe('writing is idempotent', () => {
  it('a double click and a later retry (one client key) create one message, counted once against the quota, with one delivery each', async () => {
    const admin = claimsFor(seeded.admin.email, { sub: `sub-${seeded.admin.email}`, groups: ['admins'] });
    const mine = async () => (await invoke(handler, { method: 'GET', resource: '/api/messages', claims: admin })).body as MessagesResponse;
    const post = () => invoke(handler, { method: 'POST', resource: '/api/messages', body: toClass('D1'), claims: admin });
    const before = (await mine()).quota.used;
    const clicks = await Promise.all([post(), post()]);
    const retry = await post();
    const ids = [...clicks, retry].map((r) => {
      expect(r.status).toBe(201);
      return (r.body as { message: Message }).message.id;
    });
    expect(new Set(ids).size).toBe(1);
    const after = await mine();
    expect(after.sent.filter((m) => m.subject.fr === 'Sortie D1').map((m) => m.id)).toEqual([ids[0]]);
    expect(after.quota.used).toBe(before + 1);
    // The losing request's deliveries are gone: a parent of the class has this message once in their inbox.
    const reader = claimsFor(seeded.classParents[1]!.email);
    const inbox = (await invoke(handler, { method: 'GET', resource: '/api/messages', claims: reader })).body as MessagesResponse;
    expect(inbox.received.filter((m) => m.subject.fr === 'Sortie D1')).toHaveLength(1);
    const logged = (await invoke(handler, { method: 'GET', resource: '/api/admin/messages', claims: admin })).body as { messages: Message[] };
    const logIds = new Set(logged.messages.map((m) => m.id));
    expect((await listInbox(`PARENT#${seeded.classParents[1]!.id}`)).filter((d) => !logIds.has(d.messageId))).toEqual([]);
  });
});

describe('sending is paced and never duplicates', () => {
  it('SES throttling: the refused emails are retried on the next call, each parent gets one email', async () => {
    const created = (await invoke(handler, { method: 'POST', resource: '/api/messages', body: toClass('T1'), claims: adminClaims(seeded.admin.email) })).body as { message: Message };
    const real = realMailer(stack);
    let calls = 0;
    const throttling: Mailer = {
      async send(email) {
        calls++;
        if (calls % 2 === 1) throw Object.assign(new Error('Rate exceeded'), { name: 'Throttling', $fault: 'client', $metadata: { httpStatusCode: 400 } });
        return real.send(email);
      },
    };
    const deps = { mailer: throttling, now: () => new Date(), ratePerSecond: 50, budgetMs: 5_000, maxPerCall: 100, baseUrl: stack.appUrl };
    let message: Message | undefined;
    for (let i = 0; i < 10 && message?.status !== 'sent'; i++) message = await continueMessage(created.message.id, deps);
    expect(message?.status).toBe('sent');
    const mail = await rawFor('T1');
    const destinations = mail.map((m) => m.destinations[0]);
    expect(new Set(destinations).size).toBe(destinations.length);
    // People reached: one per email, and the one who shares the couple's address with it.
    const coParent = (await listInbox(`PARENT#${seeded.classParents[4]!.id}`)).find((d) => d.messageId === created.message.id)!;
    expect(message?.counts.sent).toBe(destinations.length + (coParent.reason === 'sameAddress' && coParent.state === 'sent' ? 1 : 0));
  });
});

describe('the time budget of a continue call', () => {
  it('counts from the first email, not from the reads before it', async () => {
    const created = (await invoke(handler, { method: 'POST', resource: '/api/messages', body: toClass('B1'), claims: adminClaims(seeded.admin.email) })).body as { message: Message };
    // A clock a thousand times faster than real time: the reads before the first email (the deliveries, the
    // directory, the choices, the suppressions) take far longer on it than the whole 5 s budget.
    const start = Date.now();
    const fast = () => new Date(start + (Date.now() - start) * 1000);
    const deps = { mailer: realMailer(stack), now: fast, ratePerSecond: 1000, budgetMs: 5_000, maxPerCall: 100, baseUrl: stack.appUrl };
    const first = await continueMessage(created.message.id, deps);
    expect(first?.counts.recipients).toBeGreaterThan(1);
    expect(first?.counts.sent).toBeGreaterThanOrEqual(1);
    const paced = { ...deps, now: () => new Date() };
    let message = first;
    for (let i = 0; i < 10 && message?.status !== 'sent'; i++) message = await continueMessage(created.message.id, paced);
    expect(message?.status).toBe('sent');
  });
});

describe('administrators', () => {
  it('withdraw an author\'s right; the log is for administrators only', async () => {
    const admin = adminClaims(seeded.admin.email);
    const { version } = await currentSettings();
    const settings = { classRepresentatives: true, committeeChairs: true, teachers: false, approveRepresentatives: false, withdrawn: [`PARENT#${seeded.rep.id}`], version };
    expect((await invoke(handler, { method: 'PUT', resource: '/api/admin/messages/settings', body: settings, claims: admin })).status).toBe(200);
    const withdrawn = await write(seeded.rep.email, toClass('W1'));
    expect(withdrawn.body).toEqual({ error: { code: 'MESSAGE_RIGHT_WITHDRAWN' } });
    // The Messages page says why: no audience, and the right withdrawn.
    const page = await invoke(handler, { method: 'GET', resource: '/api/messages', claims: claimsFor(seeded.rep.email) });
    expect(page.body).toMatchObject({ audiences: [], withheld: ['withdrawn'] });
    expect((await write(seeded.outsider.email, toClass('W2'))).status).toBe(403);
    const forbidden = await invoke(handler, { method: 'GET', resource: '/api/admin/messages', claims: claimsFor(seeded.rep.email) });
    expect(forbidden.status).toBe(403);
  });

  it('a settings save from a stale screen is refused: it never undoes a withdrawal or a restore made meanwhile', async () => {
    const admin = adminClaims(seeded.admin.email);
    const put = (body: MessageSettings) => invoke(handler, { method: 'PUT', resource: '/api/admin/messages/settings', body, claims: admin });
    const key = `PARENT#${seeded.rep.id}`;
    // The screen read the settings; an administrator then restores the right (the same page, or another window).
    const screen = await currentSettings();
    expect(screen.withdrawn).toEqual([key]);
    const restored = await put({ ...screen, withdrawn: [] });
    expect(restored).toEqual({ status: 200, body: { settings: { ...screen, withdrawn: [], version: screen.version + 1 } } });
    // The switches saved from the first copy would write the withdrawal back: refused, nothing changes.
    const stale = await put({ ...screen, teachers: true });
    expect(stale).toEqual({ status: 409, body: { error: { code: 'CONFLICT' } } });
    expect(await currentSettings()).toEqual({ ...screen, withdrawn: [], version: screen.version + 1 });
    // The same the other way: a withdrawal made meanwhile stays.
    const fresh = await currentSettings();
    expect((await put({ ...fresh, withdrawn: [key] })).status).toBe(200);
    expect((await put({ ...fresh, teachers: true })).status).toBe(409);
    expect(await currentSettings()).toMatchObject({ teachers: false, withdrawn: [key], version: fresh.version + 1 });
    // Saving needs the version read.
    const { version: _, ...unversioned } = await currentSettings();
    expect((await invoke(handler, { method: 'PUT', resource: '/api/admin/messages/settings', body: unversioned, claims: admin })).status).toBe(400);
    // Restored at the version read: the representative writes again.
    expect((await put({ ...(await currentSettings()), withdrawn: [] })).status).toBe(200);
    const page = await invoke(handler, { method: 'GET', resource: '/api/messages', claims: claimsFor(seeded.rep.email) });
    expect((page.body as MessagesResponse).withheld).toEqual([]);
  });
});

/** The settings as the administrators' screen reads them. */
async function currentSettings(): Promise<MessageSettings> {
  const result = await invoke(handler, { method: 'GET', resource: '/api/admin/messages', claims: adminClaims(seeded.admin.email) });
  expect(result.status).toBe(200);
  return (result.body as { settings: MessageSettings }).settings;
}
