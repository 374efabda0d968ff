import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { rewriteRecord } from '../lambdas/directory-writes';
import { listPrivacyRequests } from '../../lambdas/privacy/request-repository';
import { findRegisteredPeople } from '../../lambdas/registry/registry-repository';
import { requestReference } from '@shared/contracts/privacy-requests-api';
import { formatLongDate } from '@shared/format/long-date';
import { schoolDay } from '@shared/rules/school-calendar';
import type { Language } from '@shared/schemas/common';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { seriousFindings } from '../support/axe';
import { useStack } from '../support/stack';
import { demoAccount, expectAt, mailTo, signedInContext } from './auth-support';

/**
 * Privacy requests (docs/privacy.md) in Chromium, in English on a 375 px phone: the demo parent (whose preferred
 * language is set to English for the journey) files a request on My Profile and gets the receipt; the demo
 * administrator finds it from the dashboard, due 30 days after receipt, answers it, and the answer is in the
 * parent's mailbox in English.
 */
const stack = useStack();
const DAY = 24 * 60 * 60 * 1000;
const DETAILS = 'Please send me a copy of everything the directory holds about my family.';
const ANSWER = 'Here is a summary of the information the directory holds about you.';
let session: BrowserSession;
let parentId: string;
let formerLanguage: Language | undefined;

async function setLanguage(language: Language): Promise<Language> {
  const current = (await getEntity('PARENT', parentId))!;
  if (current.preferredLanguage !== language) await rewriteRecord('PARENT', current, { ...current, preferredLanguage: language });
  return current.preferredLanguage;
}


const noHorizontalScroll = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;

/** The newest email to `to` whose subject starts with `subject` (it holds the request's reference), once it has arrived. */
async function waitForSubject(to: string, subject: string) {
  let found: Awaited<ReturnType<typeof mailTo>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await mailTo(stack, to)).filter((m) => m.subject.startsWith(subject)).at(-1);
      return found !== undefined;
    }, { timeout: 20_000 })
    .toBe(true);
  return found!;
}

beforeAll(async () => {
  resetDocumentClient();
  const parent = demoAccount(stack, 'parent');
  parentId = (await findRegisteredPeople(parent.email)).find((p) => p.personType === 'PARENT')!.personId;
  formerLanguage = await setLanguage('en');
  // axe-core runs code the page's Content-Security-Policy would refuse.
  session = await openBrowser({ bypassCSP: true });
});

afterAll(async () => {
  // Other journeys read the seeded school: the demo parent gets their language back.
  if (formerLanguage) await setLanguage(formerLanguage);
  await session?.close();
});

describe('privacy request queue, empty (fr, 1440 px)', () => {
  it('says so on the dashboard card and in the queue, reachable from the navigation', async () => {
    // Only this file files requests in the shared table: before its journey, none is open.
    if ((await listPrivacyRequests()).length > 0) return;
    const admin = demoAccount(stack, 'admin');
    const context = await signedInContext(session, stack, admin, 'fr', 'desktop');
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/admin`);
    await expectAt(page, '/admin');
    await page.getByTestId('privacy-requests-card').getByText('Aucune demande ouverte.').waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Demandes de confidentialité', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Demandes de confidentialité' }).waitFor({ timeout: 60_000 });
    await page.getByText('Aucune demande', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });
});

describe('privacy request journey (en, 375 px)', () => {
  let requestId: string;

  it('a parent files a request on My Profile and gets the receipt in English', async () => {
    const parent = demoAccount(stack, 'parent');
    const context = await signedInContext(session, stack, parent, 'en', 'mobile');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/profile`);
    await expectAt(page, '/profile');
    const panel = page.getByTestId('privacy-request');
    await panel.getByRole('button', { name: 'Make a privacy request' }).click({ timeout: 60_000 });
    await panel.getByRole('radio', { name: 'Access to my information' }).check();
    await panel.getByLabel('Your request').fill(DETAILS);
    expect(await seriousFindings(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Send the request' }).click();
    await panel.getByText(/Your request was received \(reference \w{8}\)/).waitFor({ timeout: 30_000 });
    expect(await noHorizontalScroll(page)).toBe(true);

    const filed = (await listPrivacyRequests()).find((r) => r.requester.parentId === parentId && r.details === DETAILS)!;
    requestId = filed.id;
    expect(Date.parse(filed.dueAt) - Date.parse(filed.receivedAt)).toBe(30 * DAY);
    // The receipt says its reference and the due day as people write it (the long-date formatter): 'December 28, 2026'.
    const received = `Your request was received (reference ${requestReference(filed.id)})`;
    const due = `answer by ${formatLongDate(filed.dueAt, 'en')}`;
    await panel.getByText(received, { exact: false }).filter({ hasText: due }).waitFor();
    // And the parent's list of requests shows it, where it stands (after a reload too).
    await page.reload();
    await panel.getByTestId('my-privacy-requests').getByText(`Access to my information (reference ${requestReference(filed.id)})`, { exact: false }).waitFor({ timeout: 30_000 });
    await panel.getByTestId('my-privacy-requests').getByText(`Received: answer due by ${formatLongDate(filed.dueAt, 'en')}`).first().waitFor();
    const receipt = await waitForSubject(parent.email, `Request received (${requestReference(filed.id)})`);
    expect(receipt.body.html).toContain('lang="en"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the administrator finds it from the dashboard, due in 30 days, answers it; the answer email is in English', async () => {
    const admin = demoAccount(stack, 'admin');
    const parent = demoAccount(stack, 'parent');
    const filed = (await listPrivacyRequests()).find((r) => r.id === requestId)!;
    const context = await signedInContext(session, stack, admin, 'en', 'mobile');
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/admin`);
    await expectAt(page, '/admin');
    const card = page.getByTestId('privacy-requests-card');
    await card.getByTestId('privacy-requests-open').waitFor({ timeout: 60_000 });
    await card.getByRole('link', { name: 'Open the request queue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy requests' }).waitFor({ timeout: 60_000 });

    // On a phone each request is a card opened by its requester's name (the table, with its radios, from 1,280 px).
    await page.getByRole('button', { name: `Open the request of ${filed.requester.name}` }).first().click({ timeout: 30_000 });
    const detail = page.getByTestId('privacy-request-detail');
    await detail.getByRole('heading', { name: `Request ${requestReference(requestId)}` }).waitFor();
    await detail.getByText(schoolDay(new Date(filed.dueAt)), { exact: true }).waitFor();
    expect(schoolDay(new Date(filed.dueAt))).toBe(schoolDay(new Date(Date.parse(filed.receivedAt) + 30 * DAY)));

    await detail.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Answered' }).click();
    await detail.getByLabel('Answer to email to the requester').fill(ANSWER);
    expect(await seriousFindings(page)).toEqual([]);
    // The answer leaves by email: the button says so, and a confirmation names to whom (a trial's left on « Save »).
    await detail.getByRole('button', { name: 'Send the answer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send the answer?' });
    await confirm.getByText(`The answer is emailed to ${filed.requester.name} (${parent.email})`, { exact: false }).waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Send the answer' }).click();
    await page.getByText(`Request ${requestReference(requestId)} answered: the answer was emailed to the requester.`).waitFor({ timeout: 30_000 });
    expect(await seriousFindings(page)).toEqual([]);
    expect(await noHorizontalScroll(page)).toBe(true);

    const answer = await waitForSubject(parent.email, `Answer to your request (${requestReference(requestId)})`);
    expect(answer.body.html).toContain('lang="en"');
    expect(answer.body.text).toContain(ANSWER);
    expect(answer.body.text).toContain('Here is the answer to your request for access to your information');
    await context.close();
  });
});
