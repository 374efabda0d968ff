import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient } from '../../local/cognito';
import { DEMO_ACCOUNTS, generateSchool } from '../../local/demo/generate-school';
import type { DirectoryResponse } from '@shared/contracts/directory-api';
import { formatPhone } from '@shared/format/phone';
import { openBrowser, trackPageErrors, type BrowserSession, type ViewportName } from '../support/browser';
import { useStack } from '../support/stack';
import { createAccount, demoAccount, JOURNEY_PARENTS, seededParentEmail, signedInAt, signedInContext, warmUp } from './auth-support';

/**
 * Who sees what (docs/privacy.md), in Chromium against the shared stack. French at 1440 px: a parent limits their
 * phone to their children's classes and their address to administrators, watches the preview's three viewpoints,
 * and saves; a parent of the same class receives the phone, a parent of another class neither (the raw API JSON),
 * and the latter's Parents screen and "Add to contacts" card show neither. English at 375 px: an administrator
 * hides that family from one named household, which then sees the name only while another household still sees the
 * family; the hidden-from parent's own preview shows her three viewpoints.
 * The rule's every case is a unit test (test/shared/visibility.test.ts) and the server's answer is read here for
 * each viewer; the screens are one glance per language (the same-class parent's screen, which showed the phone
 * the API sends, is not opened: a phone the API sends is shown, test/e2e/directory.test.ts 'directory participation').
 */
const stack = useStack();
const school = generateSchool();
const PASSWORD = 'Bottin-Privé-2026!';

// Two reserved journey parents with a child in the same class (checked below), and a parent of another class.
const target = school.parents.find((p) => p.email === seededParentEmail(8))!;
const neighbour = school.parents.find((p) => p.email === seededParentEmail(9))!;
const classesOf = (parentId: string) =>
  new Set(school.families.filter((f) => f.parentId === parentId).map((f) => school.students.find((s) => s.id === f.studentId)!.classId));
const reserved = new Set([
  ...DEMO_ACCOUNTS.map((a) => a.email),
  ...Array.from({ length: JOURNEY_PARENTS }, (_, i) => seededParentEmail(i)),
]);
const stranger = school.parents.find(
  (p) => p.email && !reserved.has(p.email) && ![...classesOf(p.id)].some((c) => classesOf(target.id).has(c)),
)!;
const phoneShown = formatPhone(target.phone!);

let session: BrowserSession;

async function idToken(email: string): Promise<string> {
  const client = cognitoClient(stack.cognitoEndpoint, stack.region);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: email.startsWith('admin@') ? demoAccount(stack, 'admin').password : PASSWORD },
      }),
    );
    return auth.AuthenticationResult!.IdToken!;
  } finally {
    client.destroy();
  }
}

/** The target's entry and the raw text of GET /api/directory as one viewer receives it. */
async function targetAsSeenBy(email: string) {
  const response = await fetch(`${stack.appUrl}/api/directory`, { headers: { Authorization: `Bearer ${await idToken(email)}` } });
  const raw = await response.text();
  const entry = (JSON.parse(raw) as DirectoryResponse).parents.find((p) => p.id === target.id)!;
  return { raw, entry };
}

/** A journey parent signed in through the form (each signs in once in the file), on `path`. */
const signedIn = (viewport: ViewportName, lang: 'fr' | 'en', email: string, path: string): Promise<Page> =>
  signedInAt(session, stack, { email, password: PASSWORD }, lang, viewport, path);

/** The Parents screen's address searched for `query`. */
const parentsSearch = (query: string) => `/parents?q=${encodeURIComponent(query)}`;

/** The Parents screen searched for the target, as it shows: what its result shows. */
async function parentsScreenText(page: Page): Promise<string> {
  const main = page.getByRole('main');
  // Search highlights split the name into several text nodes: read the rendered text instead.
  await expect.poll(() => main.innerText(), { timeout: 30_000 }).toContain(`${target.firstName} ${target.lastName}`);
  return main.innerText();
}

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

beforeAll(async () => {
  expect([...classesOf(neighbour.id)].some((c) => classesOf(target.id).has(c))).toBe(true);
  expect(target.participation).toBe('full');
  for (const person of [target, neighbour, stranger]) await createAccount(stack, person.email!, PASSWORD, true);
  session = await openBrowser();
  await warmUp(session, stack);
}, 120_000);
afterAll(async () => {
  await session?.close();
});

describe('who sees what', () => {
  it('French, 1440 px: phone for my children\'s classes, address for administrators, as the preview said', async () => {
    const page = await signedIn('desktop', 'fr', target.email!, '/profile');
    const errors = trackPageErrors(page);
    await page.getByRole('button', { name: 'Modifier mes renseignements' }).click();
    await pick(page, 'Téléphone visible par', 'Les classes de mes enfants');
    await pick(page, 'Adresse visible par', 'Les administrateurs seulement');

    const preview = (viewer: string) => page.getByRole('region', { name: viewer });
    await expect.poll(() => preview("Un parent d'une autre classe").innerText()).not.toContain(phoneShown);
    expect(await preview('Un parent de la même classe').innerText()).toContain(phoneShown);
    expect(await preview('Un membre du personnel').innerText()).toContain(phoneShown);
    for (const viewer of ["Un parent d'une autre classe", 'Un parent de la même classe', 'Un membre du personnel']) {
      const text = await preview(viewer).innerText();
      expect(text).toContain(`${target.firstName} ${target.lastName}`);
      expect(text).not.toContain(target.address!.street);
    }
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Vos renseignements sont enregistrés.', { exact: false }).waitFor({ timeout: 30_000 });
    // The consent log on My Profile records the change, made by the parent, on this French screen.
    const log = page.getByRole('list', { name: 'Historique des choix de confidentialité' });
    await expect.poll(() => log.innerText(), { timeout: 30_000 }).toContain(
      "Téléphone visible par\u00a0: Toute l'école → Les classes de mes enfants",
    );
    expect(await log.innerText()).toContain('Adresse visible par\u00a0: Toute l\'école → Les administrateurs seulement');
    expect(await log.innerText()).toContain('Par le parent, dans Mon profil');
    expect(await log.innerText()).toContain('écran en français');
    // Download my data: one ZIP file now (built in the page); its JSON file holds the same change in the consent log.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger mes données (fichier ZIP)' }).click(),
    ]);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const jsonName = Object.keys(zip).find((name) => name.endsWith('-format-json.json'))!;
    expect(jsonName).toBeDefined();
    const mine = JSON.parse(strFromU8(zip[jsonName]!)) as {
      parents: { consentLog: { by: string; after: { audiences: Record<string, string> } }[] }[];
    };
    expect(mine.parents[0]!.consentLog[0]).toMatchObject({
      by: 'parent',
      after: { audiences: { phone: 'classes', address: 'admins' } },
    });
    expect(errors).toEqual([]);
    await page.context().close();

    // The raw API: the same class gets the phone, another class neither phone nor address.
    const same = await targetAsSeenBy(neighbour.email!);
    expect(same.entry.phone).toBe(target.phone);
    expect(same.entry.address).toBeUndefined();
    const other = await targetAsSeenBy(stranger.email!);
    expect(other.entry.phone).toBeUndefined();
    expect(other.entry.address).toBeUndefined();
    expect(other.raw).not.toContain(target.phone!);

    // And the Parents screen of the other class's parent.
    const strangerPage = await signedIn('desktop', 'fr', stranger.email!, parentsSearch(target.email!));
    const seenByOther = await parentsScreenText(strangerPage);
    expect(seenByOther).not.toContain(phoneShown);
    expect(seenByOther).not.toContain(target.address!.street);
    // "Add to contacts" hands the phone exactly what this viewer sees: the email, not the phone nor the address.
    const [card] = await Promise.all([
      strangerPage.waitForEvent('download'),
      strangerPage.getByRole('button', { name: `Ajouter aux contacts\u00a0: ${target.firstName} ${target.lastName}` }).click(),
    ]);
    const vcf = readFileSync((await card.path())!, 'utf8');
    expect(card.suggestedFilename()).toMatch(/\.vcf$/);
    expect(vcf).toContain(`EMAIL;TYPE=INTERNET:${target.email}`);
    expect(vcf).toContain(`FN:${target.firstName} ${target.lastName}`);
    expect(vcf).not.toContain('TEL');
    expect(vcf).not.toContain('ADR');
    await strangerPage.context().close();
  });

  it('English, 375 px: a safety restriction hides the family from one named household only', async () => {
    // The administrator's profile is shared with the worker's other files (signing in is not this journey's subject).
    const admin = await (await signedInContext(session, stack, demoAccount(stack, 'admin'), 'en', 'mobile')).newPage();
    await admin.goto(`${stack.appUrl}/admin/data`);
    await admin.getByRole('heading', { level: 1, name: 'Directory data' }).waitFor({ timeout: 60_000 });
    await admin.getByRole('tab', { name: 'Edit' }).click();
    await admin.getByLabel('Search for a parent').fill(`${target.firstName} ${target.lastName}`);
    await admin.getByRole('button', { name: `Edit ${target.firstName} ${target.lastName}` }).click();
    await admin.getByRole('heading', { name: 'Safety restriction' }).waitFor();
    await admin.getByLabel('Hide this parent from these parents').click();
    await admin.keyboard.type(neighbour.lastName);
    await admin.getByRole('option', { name: new RegExp(`${neighbour.lastName}, ${neighbour.firstName}`) }).first().click();
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Save the restriction' }).click();
    await admin.getByText(`${target.firstName} ${target.lastName}'s record is saved.`).waitFor({ timeout: 30_000 });
    await admin.context().close();

    const hidden = await targetAsSeenBy(neighbour.email!);
    expect(Object.keys(hidden.entry).sort()).toEqual(['childIndexes', 'firstName', 'id', 'lastName']);
    expect(hidden.raw).not.toContain(target.email!);
    expect(hidden.raw).not.toContain('hiddenFrom');
    expect((await targetAsSeenBy(stranger.email!)).entry.email).toBe(target.email);

    const page = await signedIn('mobile', 'en', neighbour.email!, parentsSearch(`${target.firstName} ${target.lastName}`));
    const text = await parentsScreenText(page);
    expect(text).not.toContain(target.email!);
    expect(text).not.toContain(phoneShown);
    expect(await page.locator(`a[href="mailto:${target.email}"]`).count()).toBe(0);

    // Her own preview, in English on the phone: she shows everything to the whole school, so the three viewpoints
    // see the same card and the preview shows it once, saying it is everyone's (the restriction is not hers).
    await page.goto(`${stack.appUrl}/profile`);
    await page.getByRole('button', { name: 'Update my information' }).click();
    await page.getByRole('heading', { name: 'Your card as others see it' }).waitFor();
    const everyone = page.getByRole('region', { name: 'Everyone sees the same card: parents of every class and staff' });
    expect(await everyone.innerText()).toContain(`${neighbour.firstName} ${neighbour.lastName}`);
    expect(await everyone.innerText()).toContain(formatPhone(neighbour.phone!));
    expect(await page.getByRole('region', { name: 'A parent of another class' }).count()).toBe(0);
    // Cancel with a change typed asks first; staying keeps what was typed.
    const phone = page.getByLabel('Phone', { exact: true });
    await phone.fill('438 555-0000');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByText('Your changes to your information will be lost.').waitFor({ timeout: 10_000 });
    await leave.getByRole('button', { name: 'Stay on the page' }).click();
    await leave.waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await phone.inputValue()).toBe('438 555-0000');
    await page.context().close();
  });
});
