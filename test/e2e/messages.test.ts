import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { getEntity, readDirectory } from '../../lambdas/directory/directory-repository';
import { rewriteRecord } from '../lambdas/directory-writes';
import { DEMO_PASSWORD } from '../../local/demo/generate-school';
import { idTokenFor } from '../../local/sign-in';
import type { StackInfo } from '../../local/stack-info';
import { ConsentLogResponseSchema } from '@shared/contracts/privacy-consent-api';
import { openBrowser, trackPageErrors, VIEWPORTS, type BrowserSession } from '../support/browser';
import { startTableStack, type IsolatedStack } from '../support/isolated-stack';
import { contextIn, createAccount, expectAt, explained, signInWith } from './auth-support';
import { noHorizontalScroll } from './campaign-support';
import { checkedEmail, MESSAGES_TEXT as TEXT, rawMailWithSubject, type Lang } from './messages-support';

/**
 * Messages to a class (docs/messages.md) in Chromium, one journey per language (French on a 375 px phone, English
 * at 1,440 px) on one school of this file's own (the demo generator, 30 families: class A's parents, its seeded
 * representative and the demo accounts), so its consents, quotas and messages never reach another file's school:
 * 1. a parent of class A declines class messages on My Profile;
 * 2. a class representative writes to class A from /messages: exactly the consenting parents with an email get one
 *    email each, read from the SES emulator's raw messages (one recipient, no other address anywhere, RFC 8058
 *    List-Unsubscribe and List-Unsubscribe-Post); the parent who declined gets none;
 * 3. that parent sees the unread line on home and reads the message on the Messages page; they are no
 *    representative: the API answers 403 and the page offers no group to write to;
 * 4. one recipient's one-click unsubscribe (the List-Unsubscribe URL, POST without a session) is in their consent
 *    log, and the representative's next message does not reach them;
 * 5. past the weekly quota the API answers 429 and the form says why, in the page's language;
 * 6. the administrator's message log lists the messages with author, audience and counts.
 */
let stack: IsolatedStack;
let session: BrowserSession;
/** The administrator's page, signed in once (French, on a phone) and reused by the English journey. */
let adminPage: Page | undefined;
const run = ulid().toLowerCase().slice(-8);

interface Person {
  id: string;
  email: string;
  name: string;
  language: 'fr' | 'en';
}
interface School {
  classId: string;
  /** Class A's parents: with an email or without. */
  parents: { id: string; email?: string; name: string; language: 'fr' | 'en' }[];
  /** Every address in the school: none but the recipient's may appear in an email. */
  addresses: string[];
}
let school: School;
/** Per language: who writes, who declined, who unsubscribes by the link. */
const cast: Partial<Record<Lang, { rep: Person; declined: Person; unsubscriber: Person }>> = {};
/** Parents of class A who no longer take class emails (declined or unsubscribed), across the two journeys. */
const noClassEmail = new Set<string>();

const info = (): StackInfo => stack.info;
const admin = () => info().demoAccounts.find((account) => account.role === 'admin')!;

async function api(token: string | undefined, method: string, path: string, body?: unknown) {
  const response = await fetch(`${info().appUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json().catch(() => undefined)) as Record<string, unknown> };
}

/** Reads class A of this file's school; gives class A a second representative (the English journey's author). */
async function readSchool(): Promise<School & { reps: string[] }> {
  const directory = await readDirectory({ consistent: true });
  const classA = directory.classes.find((c) => c.code === 'A')!;
  const students = new Set(directory.students.filter((s) => s.classId === classA.id).map((s) => s.id));
  const parentIds = new Set(directory.families.filter((f) => students.has(f.studentId)).map((f) => f.parentId));
  const parents = directory.parents
    .filter((p) => parentIds.has(p.id))
    .map((p) => ({ id: p.id, ...(p.email ? { email: p.email } : {}), name: `${p.firstName} ${p.lastName}`, language: p.preferredLanguage }));
  const addresses = [...directory.parents, ...directory.staff].flatMap((p) => (p.email ? [p.email] : []));
  return { classId: classA.id, parents, addresses, reps: classA.parentRepresentativeIds };
}

beforeAll(async () => {
  [stack, session] = await Promise.all([startTableStack('messages', { families: 30 }), openBrowser()]);
  Object.assign(process.env, stack.info.lambdaEnv);
  resetDocumentClient();
  const found = await readSchool();
  school = found;
  const demo = new Set(info().demoAccounts.map((a) => a.email));
  const byId = (id: string) => found.parents.find((p) => p.id === id) as Person;
  const repFr = byId(found.reps[0]!);
  // Parents with an email and no demo account, other than the representative, in the school's order.
  const others = found.parents.filter((p): p is Person => !!p.email && !demo.has(p.email) && p.id !== repFr.id);
  const demoParent = found.parents.find((p) => p.email === info().demoAccounts.find((a) => a.role === 'parent')!.email) as Person;
  cast.fr = { rep: repFr, declined: demoParent, unsubscriber: others[2]! };
  cast.en = { rep: others[0]!, declined: others[1]!, unsubscriber: others[3]! };
  const classA = (await getEntity('CLASS', found.classId))!;
  await rewriteRecord('CLASS', classA, { ...classA, parentRepresentativeIds: [repFr.id, cast.en.rep.id] });
  // Accounts for the people who sign in (the demo parent has one, and class A's seeded representative is the
  // representative demo account).
  for (const person of [repFr, cast.en.rep, cast.en.declined]) {
    if (!demo.has(person.email)) await createAccount(info(), person.email, DEMO_PASSWORD, true);
  }
}, 240_000);

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

/** Signs `email` in from /auth and lands on `path`. */
async function signedIn(page: Page, email: string, lang: Lang, path: string): Promise<void> {
  await page.goto(`${info().appUrl}/auth?redirect=${encodeURIComponent(path)}`);
  await signInWith(page, lang, email, email === admin().email ? admin().password : DEMO_PASSWORD);
  await expectAt(page, path);
}

async function personPage(lang: Lang, email: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await contextIn(() => session.newContext(TEXT[lang].viewport), lang);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await signedIn(page, email, lang, path);
  return { page, errors };
}

/** The representative writes message `n` from the compose form (the page's language) and waits for its result. */
async function write(page: Page, lang: Lang, n: number, result?: string): Promise<string> {
  const text = TEXT[lang];
  const subject = text.subject(run, n);
  await page.getByLabel(text.subjectLabel, { exact: true }).fill(subject);
  await page.getByLabel(text.bodyLabel, { exact: true }).fill(text.body(n));
  await page.getByRole('button', { name: text.send, exact: true }).click();
  // The confirmation names the subject; its own « Envoyer » sends.
  const confirm = page.getByRole('dialog');
  await confirm.getByText(subject, { exact: false }).waitFor();
  await confirm.getByRole('button', { name: text.send, exact: true }).click();
  if (result) {
    // The previous message's result stays until this one's replaces it: wait for this one's sentence.
    const shown = page.getByText(text.sentPrefix).first();
    await explained(page, () => expect.poll(async () => (await shown.textContent().catch(() => ''))?.trim(), { timeout: 60_000 }).toBe(result));
  }
  return subject;
}

/** Who should get message emails now: class A's parents with an email, less the author and those who opted out. */
const expectedRecipients = (author: Person) =>
  school.parents.filter((p) => p.email && p.id !== author.id && !noClassEmail.has(p.id)).map((p) => p.email!).sort();

/** The sentence the form shows after sending to class A now. */
function sentResult(lang: Lang, author: Person): string {
  const sent = expectedRecipients(author).length;
  return TEXT[lang].sentResult(sent, school.parents.length - 1 - sent);
}

async function emailsOf(subject: string, count: number) {
  await expect.poll(async () => (await rawMailWithSubject(info(), subject)).length, { timeout: 15_000 }).toBe(count);
  return (await rawMailWithSubject(info(), subject)).map((mail) => checkedEmail(mail, school.addresses));
}

async function journey(lang: Lang): Promise<void> {
  const text = TEXT[lang];
  const { rep, declined, unsubscriber } = cast[lang]!;

  // 1. A parent of class A declines class messages by email on My Profile.
  const parent = await personPage(lang, declined.email, '/profile');
  await parent.page.getByRole('checkbox', { name: text.classConsent }).uncheck();
  await parent.page.getByRole('button', { name: text.saveConsents }).click();
  await parent.page.getByText(text.consentsSaved).waitFor();
  noClassEmail.add(declined.id);

  // 2. The representative writes to class A: one email per consenting parent, alone, with one-click unsubscribe.
  const author = await personPage(lang, rep.email, '/messages');
  const first = await write(author.page, lang, 1, sentResult(lang, rep));
  const emails = await emailsOf(first, expectedRecipients(rep).length);
  expect(emails.map((e) => e.to).sort()).toEqual(expectedRecipients(rep));
  expect(emails.map((e) => e.to)).not.toContain(declined.email);
  // The author's text as written; the footer in each recipient's own language (the app's words, not the author's).
  for (const email of emails) {
    const reader = school.parents.find((p) => p.email === email.to)!.language;
    expect(email.text).toContain(TEXT[reader].footer);
    expect(email.text).toContain(text.body(1));
  }
  expect(await noHorizontalScroll(author.page)).toBe(true);

  // 3. The parent who declined: the unread line on home, the message on the Messages page, opened in place.
  await parent.page.goto(`${info().appUrl}/`);
  await parent.page.getByRole('link', { name: text.unreadLine }).click();
  await expectAt(parent.page, '/messages');
  await explained(parent.page, () => parent.page.getByText(first).waitFor());
  await parent.page.getByText(text.newBadge, { exact: true }).first().waitFor();
  await parent.page.getByText(first).click();
  const opened = parent.page.getByRole('group', { name: first });
  await opened.getByText(text.body(1)).waitFor();
  await opened.getByText(text.replyInApp).waitFor();
  // The author's entry in the directory, a link (a trial could not tap the sentence on a phone).
  expect(await opened.locator('a[href^="/parents?q="]').count()).toBe(1);
  // Not a representative: the page offers no group, and the API refuses to write to class A.
  await parent.page.getByText(text.nobody).waitFor();
  const parentToken = await idTokenFor(info(), declined.email, DEMO_PASSWORD);
  const refused = await api(parentToken, 'POST', '/api/messages', {
    audience: { type: 'class', classId: school.classId }, subject: { [lang]: 'x' }, body: { [lang]: 'x' }, shareReplyTo: false, clientKey: ulid(),
  });
  expect([refused.status, refused.body]).toEqual([403, { error: { code: 'MESSAGE_AUDIENCE_NOT_ALLOWED' } }]);
  expect(parent.errors).toEqual([]);

  // 4. One-click unsubscribe from the email's List-Unsubscribe URL, without a session (RFC 8058).
  const link = new URL(emails.find((e) => e.to === unsubscriber.email)!.unsubscribe);
  const oneClick = await fetch(`${info().appUrl}${link.pathname}${link.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  noClassEmail.add(unsubscriber.id);
  const adminToken = await idTokenFor(info(), admin().email, admin().password);
  const log = ConsentLogResponseSchema.parse((await api(adminToken, 'GET', `/api/admin/parents/${unsubscriber.id}/consent-log`)).body);
  const entry = log.entries.find((e) => e.by === 'unsubscribeLink');
  expect(entry?.after.messages?.class).toBe(false);
  // The next message reaches everyone else, not them.
  const second = await write(author.page, lang, 2, sentResult(lang, rep));
  const next = await emailsOf(second, expectedRecipients(rep).length);
  expect(next.map((e) => e.to)).not.toContain(unsubscriber.email);

  // 5. The quota: a third message this week is taken (API), the fourth is refused with 429 and the form says why.
  const repToken = await idTokenFor(info(), rep.email, DEMO_PASSWORD);
  const third = await api(repToken, 'POST', '/api/messages', {
    audience: { type: 'class', classId: school.classId }, subject: { [lang]: text.subject(run, 3) }, body: { [lang]: text.body(3) }, shareReplyTo: false, clientKey: ulid(),
  });
  expect(third.status).toBe(201);
  const quota = author.page.waitForResponse((r) => r.url().endsWith('/api/messages') && r.request().method() === 'POST');
  await write(author.page, lang, 4);
  expect((await quota).status()).toBe(429);
  await explained(author.page, () => author.page.getByText(text.quota).waitFor());
  expect(author.errors.filter((e) => !e.includes('429'))).toEqual([]);

  // 6. The administrator's log: each message with its author, audience and counts.
  if (!adminPage) adminPage = (await personPage(lang, admin().email, '/admin/messages')).page;
  await adminPage.setViewportSize(VIEWPORTS[text.viewport]);
  await adminPage.evaluate(`window.localStorage.setItem('locale', '${lang}')`);
  await adminPage.reload();
  // A table at 1,440 px, cards on the phone: either way each message with its author and role, audience and counts.
  const main = adminPage.getByRole('main');
  await explained(adminPage, () => main.getByText(second).waitFor({ timeout: 30_000 }));
  const logged = (await main.textContent()) ?? '';
  expect(logged).toContain(first);
  expect(logged).toContain(`${rep.name} (`);
  expect(logged).toContain(text.counts(expectedRecipients(rep).length, school.parents.length - 1));
  // Seven columns do not fit a phone: cards there, the table on a wide screen.
  expect(await adminPage.locator('main table').count()).toBe(text.viewport === 'mobile' ? 0 : 1);
  expect(await noHorizontalScroll(adminPage)).toBe(true);

  await parent.page.context().close();
  await author.page.context().close();
}

describe('messages to a class', () => {
  it('French on a phone: written, received by the consenting parents only, read in the app, unsubscribed, limited, logged', { timeout: 600_000 }, async () => {
    await journey('fr');
  });

  it('English at 1,440 px: the same clauses in English', { timeout: 600_000 }, async () => {
    await journey('en');
  });
});
