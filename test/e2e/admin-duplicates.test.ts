import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient } from '../../local/cognito';
import type { Parent } from '@shared/schemas/parent';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { seriousFindings } from '../support/axe';
import { useStack } from '../support/stack';
import { demoAccount, h1, signedInContext, warmUp } from './auth-support';

/**
 * Duplicate parents (docs/product-rules.md, "Duplicates") in Chromium, on the shared stack: the demo administrator,
 * in French at 1440 px, finds two records of one parent created through the admin API listed with their reason,
 * merges them field by field after the confirmation, sees one parent in the directory, undoes the merge and sees
 * both again. In English at 375 px, the list, the merge screen and its confirmation fit a phone with no serious
 * axe finding, and a merge goes through (and is undone, leaving the shared school as it was).
 */
const stack = useStack();
let session: BrowserSession;
let token: string;

beforeAll(async () => {
  session = await openBrowser({ bypassCSP: true });
  await warmUp(session, stack);
  const admin = demoAccount(stack, 'admin');
  const client = cognitoClient(stack.cognitoEndpoint, stack.region);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
      }),
    );
    token = auth.AuthenticationResult!.IdToken!;
  } finally {
    client.destroy();
  }
});
/** The records this file created: removed at the end, so the worker's school is as the other journeys expect it. */
const created: Parent[] = [];
afterAll(async () => {
  for (const record of created) {
    await fetch(`${stack.appUrl}/api/admin/parents/${record.id}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ version: record.version, confirm: 'confirm' }),
    });
  }
  await session?.close();
});

/** Letters only, unique to this run: the search and the list find these records whatever else the school holds. */
const unique = () => Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function createParent(body: Record<string, unknown>): Promise<Parent> {
  const response = await fetch(`${stack.appUrl}/api/admin/parents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  const record = ((await response.json()) as { record: Parent }).record;
  created.push(record);
  return record;
}

/** The same parent typed twice: accents, case and the hyphen differ, and the second record has its own email. */
async function twins(firstName: string, family: string) {
  const last = `Vaillancourt-${family[0]!.toUpperCase()}${family.slice(1)}`;
  const folded = firstName.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  const keep = await createParent({ firstName, lastName: last, email: `${family}.a@test.example`, phone: '514 555-0141' });
  const other = await createParent({ firstName: folded, lastName: last.replace('-', ' ').toLowerCase(), email: `${family}.b@test.example`, phone: '438 555-0142' });
  return { keep, other, keepName: `${keep.firstName} ${keep.lastName}`, otherName: `${other.firstName} ${other.lastName}` };
}

async function signedInAdmin(viewport: 'desktop' | 'mobile', locale: 'fr' | 'en'): Promise<Page> {
  const context = await signedInContext(session, stack, demoAccount(stack, 'admin'), locale, viewport);
  return context.newPage();
}

/** The parents list filtered on the family token: its text once loaded. */
async function parentsText(page: Page, family: string, name: string): Promise<string> {
  await page.goto(`${stack.appUrl}/parents?q=${family}`);
  const main = page.getByRole('main');
  await main.getByText(name, { exact: false }).first().waitFor({ timeout: 30_000 });
  return (await main.textContent()) ?? '';
}

describe('duplicate parents', () => {
  it('lists two records of one parent, merges them field by field, and the undo brings both back (fr, 1440 px)', { timeout: 300_000 }, async () => {
    const family = unique();
    const pair = await twins('Odélie', family);
    const page = await signedInAdmin('desktop', 'fr');
    const errors = trackPageErrors(page);
    const main = page.getByRole('main');
    await page.goto(`${stack.appUrl}/admin/duplicates`);
    await expect.poll(() => h1(page).textContent(), { timeout: 30_000 }).toBe('Doublons de parents');

    const compareName = `Comparer et fusionner ${pair.keepName} et ${pair.otherName}`;
    const compare = main.getByRole('button', { name: compareName });
    await compare.waitFor({ timeout: 30_000 });
    const card = main.getByRole('listitem').filter({ has: page.getByRole('button', { name: compareName }) });
    expect(await card.textContent()).toContain('Même nom');
    await compare.click();

    // Field by field: the second record's email (and so its account) and phone, the first record's name.
    await main.getByRole('heading', { name: 'Fusionner deux fiches' }).waitFor();
    await main.getByRole('radio', { name: pair.other.email! }).check();
    await main.getByRole('radio', { name: '438 555-0142' }).check();
    // The preview shows the chosen email next to the choice itself.
    await main.getByRole('heading', { name: 'Aperçu du résultat' }).waitFor();
    await expect.poll(() => main.getByText(pair.other.email!, { exact: true }).count()).toBe(2);
    expect(await main.getByText(`L'adresse ${pair.keep.email!} ne donnera plus accès au bottin`, { exact: false }).count()).toBe(1);

    await main.getByRole('button', { name: 'Fusionner les fiches' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Fusionner ces fiches?').waitFor();
    await dialog.getByRole('button', { name: 'Confirmer la fusion' }).click();
    await page.getByText(`Fiches fusionnées\u00a0: ${pair.keepName}.`, { exact: false }).waitFor({ timeout: 30_000 });
    await main.getByText(`Fiche d'${pair.otherName} fusionnée dans celle d'${pair.keepName}`).waitFor();

    // The directory holds one parent: the first record's spelling, the second's gone.
    const merged = await parentsText(page, family, pair.keep.firstName);
    expect(merged).toContain(pair.keep.firstName);
    expect(merged).not.toContain(pair.other.firstName);

    await page.goto(`${stack.appUrl}/admin/duplicates`);
    await main.getByRole('button', { name: `Annuler la fusion d'${pair.otherName} dans ${pair.keepName}` }).click();
    await page.getByText(`Fusion annulée\u00a0: ${pair.otherName} et ${pair.keepName} sont de nouveau deux fiches.`).waitFor({ timeout: 30_000 });
    await compare.waitFor({ timeout: 30_000 });

    const both = await parentsText(page, family, pair.other.firstName);
    expect(both).toContain(pair.keep.firstName);
    expect(both).toContain(pair.other.firstName);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits the list and the merge screen on a phone (en, 375 px)', { timeout: 300_000 }, async () => {
    const family = unique();
    const pair = await twins('Amélie', family);
    const page = await signedInAdmin('mobile', 'en');
    const errors = trackPageErrors(page);
    const main = page.getByRole('main');
    const sideways = () => page.evaluate('document.documentElement.scrollWidth - window.innerWidth') as Promise<number>;
    await page.goto(`${stack.appUrl}/admin/duplicates`);
    await expect.poll(() => h1(page).textContent(), { timeout: 30_000 }).toBe('Duplicate parents');
    const compareName = `Compare and merge ${pair.keepName} and ${pair.otherName}`;
    const compare = main.getByRole('button', { name: compareName });
    await compare.waitFor({ timeout: 30_000 });
    expect(await main.getByRole('listitem').filter({ has: page.getByRole('button', { name: compareName }) }).textContent()).toContain('Same name');
    expect(await sideways()).toBeLessThanOrEqual(0);
    const findings: Record<string, unknown[]> = { list: await seriousFindings(page) };

    // Opened from down the list (a phone scrolls to reach it), the merge screen shows its top, not the middle of its
    // preview (a trial's landed at y = 1,398 with the choices and the merge button out of sight).
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    const scrolledDown = (await page.evaluate('window.scrollY')) as number;
    await compare.click();
    await main.getByRole('heading', { name: 'Merge two records' }).waitFor();
    await expect.poll(() => page.evaluate('window.scrollY') as Promise<number>, { timeout: 5_000 }).toBe(0);
    expect(scrolledDown, 'the list was scrolled before the merge screen opened').toBeGreaterThan(0);
    await main.getByRole('radio', { name: pair.other.email! }).check();
    await main.getByRole('heading', { name: 'Preview of the result' }).scrollIntoViewIfNeeded();
    expect(await sideways()).toBeLessThanOrEqual(0);
    findings.merge = await seriousFindings(page);
    await main.getByRole('button', { name: 'Merge the records' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm the merge' }).waitFor();
    findings.confirm = await seriousFindings(page);
    expect(findings).toEqual({ list: [], merge: [], confirm: [] });
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm the merge' }).click();
    await page.getByText(`Records merged: ${pair.keepName}.`, { exact: false }).waitFor({ timeout: 30_000 });

    // Undone, so the shared school is as it was for the journeys that follow.
    await main.getByRole('button', { name: `Undo merge of ${pair.otherName} into ${pair.keepName}` }).click();
    await page.getByText(`Merge undone: ${pair.otherName} and ${pair.keepName} are two records again.`).waitFor({ timeout: 30_000 });
    expect(await sideways()).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
