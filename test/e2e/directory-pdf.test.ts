import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, generateSchool } from '../../local/demo/generate-school';
import { formatLongDate } from '@shared/format/long-date';
import { formatPhone } from '@shared/format/phone';
import { schoolDay } from '@shared/rules/school-calendar';
import { openBrowser, trackPageErrors, type BrowserSession, type ViewportName } from '../support/browser';
import { useStack } from '../support/stack';
import { JOURNEY_PARENTS, seededParentEmail, signedInContext } from './auth-support';

/**
 * The printable directory (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable directory: a PDF built in the browser") in Chromium,
 * signed in as the demo parent: French at 1440 px from the dashboard (the class of the parent's children comes
 * preselected), the whole school; English at 375 px from Classes, one class. The downloaded file is read back with
 * unpdf: its text holds a full-participation parent's phone, no phone for a name-only parent, the confidential
 * footer with the viewer's name on every page; a class printout holds that class only. The English whole-school
 * file (built again in Chromium here before) is checked where the PDF is built, in both languages:
 * test/frontend/directory-pdf.test.ts (English cover, sections and footer on every page; the phone rules).
 */
const stack = useStack();
const school = generateSchool(); // the stack seeds this exact school (deterministic generator)
const parentAccount = stack.demoAccounts.find((a) => a.role === 'parent')!;
const viewer = school.parents.find((p) => p.id === school.accounts.parent.personId)!;
const reserved = new Set([
  ...DEMO_ACCOUNTS.map((a) => a.email),
  ...Array.from({ length: JOURNEY_PARENTS }, (_, i) => seededParentEmail(i)),
]);
const hasChildren = (id: string) => school.families.some((link) => link.parentId === id);
// Parents no other journey signs in as or edits.
const full = school.parents.find((p) => p.participation === 'full' && p.phone && p.email && !reserved.has(p.email) && hasChildren(p.id))!;
const nameOnly = school.parents.find((p) => p.participation === 'nameOnly' && p.email && !reserved.has(p.email) && hasChildren(p.id))!;
const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
const byCode = [...school.classes].sort((a, b) => a.code.localeCompare(b.code));
const childClassIds = new Set(
  school.families.filter((link) => link.parentId === viewer.id).map((link) => school.students.find((s) => s.id === link.studentId)?.classId),
);
const viewerClass = byCode.find((c) => childClassIds.has(c.id))!;

let session: BrowserSession;
beforeAll(async () => {
  expect(full).toBeDefined();
  expect(nameOnly).toBeDefined();
  session = await openBrowser();
});
afterAll(async () => {
  await session?.close();
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

/**
 * The demo parent's profile in `language` (signedInContext: the /auth form once per worker and language; signing in
 * and the header's language button are the auth and shell journeys' subjects), on `path`, its heading `title`.
 */
async function signedIn(viewport: ViewportName, language: 'fr' | 'en', path: string, title: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(session, stack, parentAccount, language, viewport);
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}${path}`);
  await eventually(() => h1(page).textContent()).toBe(title);
  return { context, page };
}

/** Clicks the form's create button, captures the download, and reads the PDF's text page by page. */
async function downloadPdf(page: Page, create: string): Promise<{ name: string; pages: string[]; all: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: create }).click()]);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return { name: download.suggestedFilename(), pages: text, all: text.join('\n') };
}

/** The whole-school checks. */
function expectWholeSchool(pdf: { pages: string[]; all: string }, footer: string) {
  expect(pdf.all).toContain('École primaire des Érables');
  expect(pdf.all).toContain(formatPhone(full.phone!));
  // The name-only parent is listed, with their email and nothing else: no phone line before the email.
  expect(pdf.all).toContain(nameOf(nameOnly));
  expect(pdf.all).toContain(`${nameOf(nameOnly)}\n${nameOnly.email}`);
  expect(pdf.all).not.toMatch(new RegExp(`\\d{3} \\d{3}-\\d{4} · ${nameOnly.email!.replace(/[.+]/g, '\\$&')}`));
  for (const text of pdf.pages) expect(text).toContain(footer);
}

describe('printable directory (PDF)', () => {
  it('French, 1440 px: the whole school from the dashboard, as this parent may see it', async () => {
    const { context, page } = await signedIn('desktop', 'fr', '/', 'Tableau de bord');
    const errors = trackPageErrors(page);
    await page.getByRole('button', { name: 'Imprimer le bottin (PDF)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Imprimer le bottin' });
    await dialog.waitFor();
    // The class of the viewer's children comes preselected (the first in the school's order); the whole school
    // is one click away.
    await eventually(() => dialog.getByRole('radio', { name: /Une classe/ }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Classe', { exact: true }).textContent()).toContain(viewerClass.name);
    expect(await dialog.getByRole('radio', { name: /Lettre/ }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: /Toute l'école/ }).check();
    const pdf = await downloadPdf(page, 'Créer le PDF');
    expect(pdf.name).toBe(`bottin-toute-l-ecole-${schoolDay()}.pdf`);
    expectWholeSchool(pdf, `Confidentiel — préparé pour ${nameOf(viewer)} le ${formatLongDate(schoolDay(), 'fr')}`);
    expect(pdf.pages[0]).toContain('Bottin de l\'école');
    expect(pdf.pages[0]).toContain(`À jour au ${formatLongDate(schoolDay(), 'fr')}`);
    // The success message (Cloudscape also copies it into a live region for screen readers).
    await page.getByText(`Le bottin en PDF est téléchargé\u00a0: ${pdf.name}.`).first().waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('English, 375 px: one class from Classes, which holds that class only', async () => {
    const { context, page } = await signedIn('mobile', 'en', '/classes', 'Classes');
    const errors = trackPageErrors(page);

    const [chosen, other] = byCode;
    await page.getByRole('button', { name: 'Print the directory (PDF)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print the directory' });
    await dialog.waitFor();
    // The class of the viewer's children comes preselected here too.
    await eventually(() => dialog.getByRole('radio', { name: /One class/ }).isChecked()).toBe(true);
    await dialog.getByLabel('Class', { exact: true }).click();
    await page.getByRole('option', { name: chosen!.name, exact: true }).first().click();
    const one = await downloadPdf(page, 'Create the PDF');
    const studentsOf = (classId: string) => school.students.filter((s) => s.classId === classId).map(nameOf);
    const mine = new Set(studentsOf(chosen!.id));
    expect(one.pages[0]).toContain(chosen!.name);
    for (const name of mine) expect(one.all).toContain(name);
    for (const name of studentsOf(other!.id).filter((n) => !mine.has(n))) expect(one.all).not.toContain(name);
    expect(one.all).not.toContain('Staff by department');
    for (const text of one.pages) expect(text).toContain(`Confidential — prepared for ${nameOf(viewer)} on ${formatLongDate(schoolDay(), 'en')}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
