import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulid';
import { createHandler } from '../../lambdas/common/http';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import type { Mailer } from '../../lambdas/common/mailer';
import { bulkWriteDirectory } from '../../lambdas/directory/directory-repository';
import { decisionRoutes } from '../../lambdas/messages/decision-routes';
import { handler } from '../../lambdas/messages/index';
import { grantRole } from '../../lambdas/registry/admin-roles';
import { registryAccess } from '../../lambdas/registry/public';
import { generateSchool } from '../../local/demo/generate-school';
import type { StoredEmail } from '../../local/ses';
import { MESSAGE_REJECTION_REASON_MAX, type Message, type MessageSettings, type MessagesResponse } from '@shared/contracts/messages-api';
import { adminClaims, invoke, mailTo, realMailer } from './annual-update-support';
import { claimsFor } from './auth-support';
import { useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * An administrator's decision on a class representative's held message (docs/messages.md, "Approval"), through the
 * messages handler against DynamoDB Local and the SES emulator: a refusal's reason is stored and shown to the author
 * (never to recipients, never logged), the author gets one email in their own language after an approval or a
 * refusal, a decision sent twice (a double click, two administrators) still gives one email, and an email that
 * cannot be sent neither undoes nor fails the decision.
 */
useDirectoryTable('messages-decision');

const stack = workerStack();
const run = ulid().toLowerCase();

interface Person {
  id: string;
  email: string;
}
let classId: string;
let otherClassId: string;
/** Class A's representative, who reads French; class B's, who reads English. */
let repFr: Person;
let repEn: Person;
let reader: Person;
let admin: Person;
let secondAdmin: Person;

beforeAll(async () => {
  const school = generateSchool({ seed: 31, families: 16 });
  school.parents = school.parents.map((p, i) => ({ ...p, email: `decision-${i}-${run}@test.example` }));
  const [classA, classB] = school.classes.filter((c) => school.students.some((s) => s.classId === c.id));
  const parentsOf = (id: string) => {
    const students = new Set(school.students.filter((s) => s.classId === id).map((s) => s.id));
    const ids = new Set(school.families.filter((f) => students.has(f.studentId)).map((f) => f.parentId));
    return school.parents.filter((p) => ids.has(p.id));
  };
  const inA = parentsOf(classA!.id);
  const inB = parentsOf(classB!.id).filter((p) => !inA.includes(p));
  const outside = school.parents.filter((p) => !inA.includes(p) && !inB.includes(p));
  for (const c of school.classes) c.parentRepresentativeIds = c.id === classA!.id ? [inA[0]!.id] : c.id === classB!.id ? [inB[0]!.id] : [];
  school.parents = school.parents.map((p) => (p.id === inA[0]!.id ? { ...p, preferredLanguage: 'fr' } : p.id === inB[0]!.id ? { ...p, preferredLanguage: 'en' } : p));
  await bulkWriteDirectory(school);
  const person = (p: (typeof school.parents)[number]): Person => ({ id: p.id, email: p.email! });
  [repFr, repEn, reader] = [person(inA[0]!), person(inB[0]!), person(inA[1]!)];
  [admin, secondAdmin] = [person(outside[0]!), person(outside[1]!)];
  for (const a of [admin, secondAdmin]) await grantRole({ email: a.email }, { kind: 'system', id: 'test' });
  classId = classA!.id;
  otherClassId = classB!.id;
  // Representatives' messages wait for an administrator's approval.
  const settings = ((await invoke(handler, { method: 'GET', resource: '/api/admin/messages', claims: adminClaims(admin.email) })).body as { settings: MessageSettings }).settings;
  const saved = await invoke(handler, { method: 'PUT', resource: '/api/admin/messages/settings', body: { ...settings, approveRepresentatives: true }, claims: adminClaims(admin.email) });
  expect(saved.status).toBe(200);
});

afterEach(() => vi.restoreAllMocks());

/** A representative's message to their class, held for approval. */
async function held(author: Person, toClass: string, subject: string): Promise<Message> {
  const created = await invoke(handler, {
    method: 'POST',
    resource: '/api/messages',
    body: { audience: { type: 'class', classId: toClass }, subject: { fr: subject, en: `${subject} (en)` }, body: { fr: 'Bonjour', en: 'Hello' }, shareReplyTo: false, clientKey: `decision-${ulid()}` },
    claims: claimsFor(author.email, { sub: `sub-${author.email}` }),
  });
  expect(created.status).toBe(201);
  const message = (created.body as { message: Message }).message;
  expect(message.status).toBe('pendingApproval');
  return message;
}

const decide = (id: string, body: unknown, by: Person = admin, on = handler) =>
  invoke(on, { method: 'POST', resource: '/api/admin/messages/{id}/decision', pathParameters: { id }, body, claims: adminClaims(by.email) });

/** The emails the author got about a message (its subject is in their body). */
const noticesAbout = async (author: Person, subject: string): Promise<StoredEmail[]> =>
  (await mailTo(stack, author.email)).filter((m) => (m.body.text ?? '').includes(subject));

/** The author's own Messages page, and a recipient's. */
const pageOf = async (person: Person) =>
  (await invoke(handler, { method: 'GET', resource: '/api/messages', claims: claimsFor(person.email) })).body as MessagesResponse;

/** Every line our code wrote to stdout and stderr while `run` ran (the logger writes JSON lines there). */
async function logged<T>(action: () => Promise<T>): Promise<{ result: T; lines: string }> {
  const written: string[] = [];
  const keep = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  try {
    return { result: await action(), lines: written.join('') };
  } finally {
    vi.restoreAllMocks();
  }
}

/** The author's notice as stored on the message (not part of the API's answer). */
async function noticeOf(id: string): Promise<Record<string, unknown>> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.message(id), ConsistentRead: true }));
  return { state: result.Item?.authorNotice, reason: result.Item?.authorNoticeReason };
}

describe('a refusal with a reason', () => {
  it('is stored, shown to its author only, emailed once in their language even when clicked twice, and never logged', async () => {
    const message = await held(repFr, classId, `Sortie R1 ${run}`);
    const reason = 'La date tombe pendant la journée pédagogique.\nProposez-la pour la semaine suivante.';
    // A double click: the same refusal twice at once.
    const { result: answers, lines } = await logged(() => Promise.all([decide(message.id, { approve: false, reason: `  ${reason}  ` }), decide(message.id, { approve: false, reason })]));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect((answer.body as { message: Message }).message).toMatchObject({ status: 'rejected', decision: { approved: false, reason } });
    }
    // The logs say which route ran and how it ended: not the reason, not the author's address.
    expect(lines).toContain('"route":"messageDecision"');
    expect(lines).not.toContain('pédagogique');
    expect(lines).not.toContain(repFr.email);

    const notices = await noticesAbout(repFr, `Sortie R1 ${run}`);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.subject).toMatch(/^Votre message n'a pas été approuvé \(Parents · .+\)$/);
    expect(notice!.body.text).toContain(`Motif donné\u00a0:\n\nLa date tombe pendant la journée pédagogique.\n\nProposez-la pour la semaine suivante.`);
    expect(notice!.body.text).toContain('Vous pouvez écrire un nouveau message');
    expect(notice!.body.text).toMatch(/\/messages\?tab=sent/);
    // No promise of an answer: the email takes none.
    expect(notice!.body.text).toContain('Merci de ne pas y répondre.');
    expect(await noticeOf(message.id)).toEqual({ state: 'sent', reason: undefined });

    // The author's page shows the refusal and its reason; a parent of the class never sees the message.
    const mine = (await pageOf(repFr)).sent.find((m) => m.id === message.id);
    expect(mine).toMatchObject({ status: 'rejected', decision: { approved: false, reason } });
    const theirs = await pageOf(reader);
    expect(theirs.received.map((m) => m.id)).not.toContain(message.id);
    // The administrators' log has it too.
    const log = ((await invoke(handler, { method: 'GET', resource: '/api/admin/messages', claims: adminClaims(admin.email) })).body as { messages: Message[] }).messages;
    expect(log.find((m) => m.id === message.id)?.decision?.reason).toBe(reason);
  });

  it('without a reason: the email says it was not approved and that a new one may be written, and stores none', async () => {
    const message = await held(repFr, classId, `Sortie R2 ${run}`);
    // A blank reason is no reason.
    const answer = await decide(message.id, { approve: false, reason: '   ' });
    expect(answer.status).toBe(200);
    expect((answer.body as { message: Message }).message.decision).toEqual({ approved: false, at: expect.any(String) });
    const [notice, ...more] = await noticesAbout(repFr, `Sortie R2 ${run}`);
    expect(more).toEqual([]);
    expect(notice!.body.text).not.toContain('Motif');
    expect(notice!.body.text).toContain('il ne sera envoyé à personne');
  });
});

describe('an approval', () => {
  it('by two administrators at once: one email, in the author\'s language (English), saying it is being sent; the opposite decision then conflicts', async () => {
    const message = await held(repEn, otherClassId, `Outing A1 ${run}`);
    const answers = await Promise.all([decide(message.id, { approve: true }, admin), decide(message.id, { approve: true }, secondAdmin)]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect((answer.body as { message: Message }).message).toMatchObject({ status: 'sending', decision: { approved: true } });
    }
    const notices = await noticesAbout(repEn, `Outing A1 ${run} (en)`);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/^Your message was approved \(Parents · .+\)$/);
    expect(notices[0]!.body.text).toContain('was approved by a directory administrator. It is being sent.');
    expect(notices[0]!.body.text).toContain('Please do not reply.');
    // Refusing it now is refused, and sends nothing.
    expect(await decide(message.id, { approve: false, reason: 'Trop tard' })).toEqual({ status: 409, body: { error: { code: 'CONFLICT' } } });
    expect(await noticesAbout(repEn, `Outing A1 ${run} (en)`)).toHaveLength(1);
    // Its author's page shows it as sending, as before.
    expect((await pageOf(repEn)).sent.find((m) => m.id === message.id)?.status).toBe('sending');
  });

  it('carries no reason', async () => {
    const message = await held(repEn, otherClassId, `Outing A2 ${run}`);
    const answer = await decide(message.id, { approve: true, reason: 'Bravo' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: [{ path: 'reason', issue: 'custom' }] } });
    expect((await pageOf(repEn)).sent.find((m) => m.id === message.id)?.status).toBe('pendingApproval');
  });
});

describe('the reason\'s limits', () => {
  it(`longer than ${MESSAGE_REJECTION_REASON_MAX} characters, or with a control character: 400, nothing decided, no email`, async () => {
    const message = await held(repFr, classId, `Sortie L1 ${run}`);
    const tooLong = await decide(message.id, { approve: false, reason: 'x'.repeat(MESSAGE_REJECTION_REASON_MAX + 1) });
    expect(tooLong).toEqual({ status: 400, body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: 'reason', issue: 'too_big' }] } } });
    const control = await decide(message.id, { approve: false, reason: 'Non\u0007' });
    expect(control.status).toBe(400);
    expect((await pageOf(repFr)).sent.find((m) => m.id === message.id)?.status).toBe('pendingApproval');
    expect(await noticesAbout(repFr, `Sortie L1 ${run}`)).toEqual([]);
    // Exactly the longest is taken.
    const longest = await decide(message.id, { approve: false, reason: 'y'.repeat(MESSAGE_REJECTION_REASON_MAX) });
    expect(longest.status).toBe(200);
  });
});

describe('an email that cannot be sent', () => {
  const failing = (error: Error): Mailer => ({
    send: () => Promise.reject(error),
  });
  const withMailer = (mailer: Mailer) =>
    createHandler({ registry: registryAccess, routes: decisionRoutes(() => ({ mailer, now: () => new Date(), baseUrl: stack.appUrl })) });

  it('neither undoes nor fails the decision: 200, the message refused, the failure recorded and logged as a code only; a repeat sends nothing', async () => {
    const message = await held(repFr, classId, `Sortie F1 ${run}`);
    const refused = Object.assign(new Error(`Email address is not verified: ${repFr.email}`), { name: 'MessageRejected', $fault: 'client', $metadata: { httpStatusCode: 400 } });
    const broken = withMailer(failing(refused));
    const { result: answer, lines } = await logged(() => decide(message.id, { approve: false, reason: 'Motif confidentiel F1' }, admin, broken));
    expect(answer.status).toBe(200);
    expect((answer.body as { message: Message }).message).toMatchObject({ status: 'rejected', decision: { reason: 'Motif confidentiel F1' } });
    expect(await noticeOf(message.id)).toEqual({ state: 'failed', reason: 'MessageRejected' });
    const warning = lines.split('\n').find((line) => line.includes('message decision email not sent'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ messageId: message.id, outcome: 'failed', code: 'MessageRejected' });
    expect(lines).not.toContain('Motif confidentiel');
    expect(lines).not.toContain(repFr.email);

    // The same refusal again (a retry), with a mailer that works: the notice was tried once, nothing more is sent.
    const working = withMailer(realMailer(stack));
    expect((await decide(message.id, { approve: false, reason: 'Motif confidentiel F1' }, admin, working)).status).toBe(200);
    expect(await noticesAbout(repFr, `Sortie F1 ${run}`)).toEqual([]);
    expect((await pageOf(repFr)).sent.find((m) => m.id === message.id)?.decision?.reason).toBe('Motif confidentiel F1');
  });

  it('an unknown outcome (a timeout) is recorded as uncertain, and the approval stands', async () => {
    const message = await held(repEn, otherClassId, `Outing F2 ${run}`);
    const timeout = Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
    const answer = await decide(message.id, { approve: true }, admin, withMailer(failing(timeout)));
    expect(answer.status).toBe(200);
    expect((answer.body as { message: Message }).message.status).toBe('sending');
    expect(await noticeOf(message.id)).toEqual({ state: 'uncertain', reason: 'TimeoutError' });
  });
});
