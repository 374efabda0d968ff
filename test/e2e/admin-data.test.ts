import { deFr } from '@shared/format/french';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../local/cli/admin';
import { cognitoClient, ensureDemoUser } from '../../local/cognito';
import type { StackInfo } from '../../local/stack-info';
import { CsvFilesResponseSchema } from '@shared/contracts/import-api';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { startTableStack, type IsolatedStack } from '../support/isolated-stack';
import { contextIn, signInWith } from './auth-support';
import { chooseOption, expectFocusOn, focused, pressButton, retype, tabTo } from './keyboard-support';

/**
 * The data onboarding journey (docs/data-onboarding.md) on /admin/data, on a school of its own (a table stack,
 * test/support/isolated-stack.ts: imports and deletes change the whole school): the admin
 * downloads the templates, imports files built from their columns (a set with errors is refused line by line,
 * the fixed set is applied, and re-importing it changes nothing), edits a parent (a concurrent edit is
 * explained and reloaded), deletes a student (typed confirmation, orphaned parent kept), adds a staff member who
 * becomes a class teacher and a committee secretary and is deleted, and exports; the parent's edit and the student's
 * delete with the keyboard alone (Tab, Shift+Tab, arrows, Enter, Space, typing). The export
 * is then imported into a second, empty school (another table stack) with `npm run import`: both directories are the same. The import
 * with errors is also checked in English on a 375 px phone.
 */
const run = promisify(execFile);
let stack: IsolatedStack;
let session: BrowserSession;
let work: string;

async function tokenFor(info: StackInfo, email: string, password: string): Promise<string> {
  const client = cognitoClient(info.cognitoEndpoint, info.region);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: info.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return auth.AuthenticationResult!.IdToken!;
  } finally {
    client.destroy();
  }
}

async function api(info: StackInfo, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${info.appUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const admin = () => stack.info.demoAccounts.find((account) => account.role === 'admin')!;

/** A CSV file in the template's own columns: its header row, then rows given by header (other cells empty). */
function csvLike(template: string, rows: Record<string, string>[]): string {
  const firstLine = template.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
  const separator = firstLine.includes(';') ? ';' : ',';
  const headers = firstLine.split(separator);
  for (const row of rows) for (const header of Object.keys(row)) expect(headers, `column ${header}`).toContain(header);
  const lines = [headers.join(separator), ...rows.map((row) => headers.map((header) => row[header] ?? '').join(separator))];
  return `${lines.join('\r\n')}\r\n`;
}

/** Writes files into a fresh folder; returns their paths. */
/** `text` as Excel for Windows saves a CSV: Windows-1252 bytes, no byte-order mark (Latin-1 covers what these files hold). */
function windows1252(text: string): Buffer {
  const plain = text.replace(/^\uFEFF/, '');
  if ([...plain].some((c) => c.codePointAt(0)! > 0xff)) throw new Error('a character outside Latin-1');
  return Buffer.from(plain, 'latin1');
}

function folderWith(files: Record<string, string | Buffer>): string[] {
  const dir = mkdtempSync(path.join(work, 'files-'));
  return Object.entries(files).map(([name, text]) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  });
}

/** Collects the page's downloads until `count` have arrived. */
async function downloadsOf(page: Page, count: number, action: () => Promise<void>): Promise<Download[]> {
  const downloads: Download[] = [];
  const listener = (download: Download) => downloads.push(download);
  page.on('download', listener);
  await action();
  await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(count);
  page.off('download', listener);
  return downloads;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const textOf = async (page: Page) => normalise(await page.getByRole('main').innerText());

/** Waits for a text; on a timeout, says what the page showed instead (an error alert, another count). */
async function see(page: Page, text: string, timeout = 30_000): Promise<void> {
  try {
    await page.getByText(text, { exact: false }).first().waitFor({ timeout });
  } catch (error) {
    throw new Error(`"${text}" not shown; the page showed: ${(await textOf(page)).slice(0, 3000)}`, { cause: error });
  }
}

/** The three files of the fixed set, and the same with three mistakes (four errors: one follows from another). */
function schoolFiles(templates: Record<string, string>, lang: 'fr' | 'en', broken: boolean) {
  const h = lang === 'fr'
    ? { key: 'Clé', code: 'Code', name: 'Nom', levels: 'Niveaux', first: 'Prénom', last: 'Nom', email: 'Courriel', phone: 'Téléphone', level: 'Niveau', klass: 'Classe', parent: 'Parent 1', l1: '1re année', l2: '2e année' }
    : { key: 'Key', code: 'Code', name: 'Name', levels: 'Levels', first: 'First name', last: 'Last name', email: 'Email', phone: 'Phone', level: 'Level', klass: 'Class', parent: 'Parent 1', l1: 'Grade 1', l2: 'Grade 2' };
  const names = lang === 'fr' ? { parents: 'parents.csv', students: 'eleves.csv' } : { parents: 'parents.csv', students: 'students.csv' };
  return {
    'classes.csv': csvLike(templates['classes.csv']!, [{ [h.code]: 'Z1', [h.name]: 'Classe Zéphyr', [h.levels]: `${h.l1}|${h.l2}` }]),
    [names.parents]: csvLike(templates[names.parents]!, [
      { [h.key]: 'P-E2E-1', [h.first]: 'Gervaise', [h.last]: 'Zéphyrin', [h.email]: 'gervaise.zephyrin@e2e.example', [h.phone]: '514 555-0101' },
      broken
        ? { [h.key]: 'P-E2E-2', [h.first]: 'Hector', [h.last]: 'Zéphyrin', [h.email]: 'not-an-email', [h.phone]: '123' }
        : { [h.key]: 'P-E2E-2', [h.first]: 'Hector', [h.last]: 'Zéphyrin', [h.email]: 'hector.zephyrin@e2e.example' },
    ]),
    [names.students]: csvLike(templates[names.students]!, [
      { [h.key]: 'S-E2E-1', [h.first]: 'Luce', [h.last]: 'Zéphyrin', [h.level]: h.l1, [h.klass]: 'Z1', [h.parent]: broken ? 'P-E2E-9' : 'P-E2E-1' },
      { [h.key]: 'S-E2E-2', [h.first]: 'Marc', [h.last]: 'Zéphyrin', [h.level]: h.l1, [h.klass]: 'Z1', [h.parent]: 'P-E2E-1' },
      { [h.key]: 'S-E2E-3', [h.first]: 'Noé', [h.last]: 'Zéphyrin', [h.level]: h.l2, [h.klass]: 'Z1', [h.parent]: 'P-E2E-2' },
    ]),
  };
}

async function openDataPage(page: Page, lang: 'fr' | 'en') {
  await page.goto(`${stack.info.appUrl}/auth?redirect=${encodeURIComponent('/admin/data')}`);
  await signInWith(page, lang, admin().email, admin().password);
  await page
    .getByRole('heading', { level: 1, name: lang === 'fr' ? 'Données du bottin' : 'Directory data' })
    .waitFor({ timeout: 60_000 });
}

/** Picks an option of a Cloudscape select (the trigger found by its label), typing `filter` first when given. */
async function pick(page: Page, label: string, option: string | RegExp, filter?: string) {
  await page.getByLabel(label, { exact: true }).click();
  if (filter) await page.keyboard.type(filter);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).first().click();
}

/** The edit tab's kind of record (parents, students, staff, classes, committees). */
const chooseKind = (page: Page, label: string, lang: 'fr' | 'en' = 'fr') =>
  pick(page, lang === 'fr' ? 'Type de fiche' : 'Kind of record', label);

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'admin-data-'));
  [stack, session] = await Promise.all([startTableStack('admin-data', { families: 10 }), openBrowser()]);
}, 180_000);

afterAll(async () => {
  await session?.close();
  await stack?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('admin data page', () => {
  it('refuses a file with errors, line by line, in English on a phone', async () => {
    const context = await contextIn(() => session.newContext('mobile'), 'en');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openDataPage(page, 'en');
    const token = await tokenFor(stack.info, admin().email, admin().password);
    const templates = CsvFilesResponseSchema.parse(
      (await api(stack.info, token, 'GET', '/api/admin/import/templates?lang=en')).body,
    ).files;
    const byName = Object.fromEntries(templates.map((file) => [file.name, file.text]));

    // Every tab whole and in view on the phone: the list wraps rather than hiding tabs behind its scroll arrows.
    // A string: no DOM types here.
    const tabs = await page.evaluate(`(() => {
      const list = document.querySelector('main [role="tablist"]');
      const outside = [...list.querySelectorAll('[role="tab"]')].filter((tab) => {
        const box = tab.getBoundingClientRect();
        return box.left < 0 || box.right > document.documentElement.clientWidth;
      });
      return { overflow: list.scrollWidth > list.clientWidth, outside: outside.length };
    })()`);
    expect(tabs).toEqual({ overflow: false, outside: 0 });
    await page.getByRole('tab', { name: 'Import' }).click();
    await page.locator('input[type="file"]').setInputFiles(folderWith(schoolFiles(byName, 'en', true)));
    await page.getByRole('button', { name: 'Check the files' }).click();
    await see(page, '4 errors: nothing will be imported', 30_000);
    const shown = await textOf(page);
    expect(shown).toContain('parents.csv · line 3 · column D (Email) Invalid email: "not-an-email".');
    expect(shown).toContain('parents.csv · line 3 · column E (Phone) Invalid phone number: "123" (10 digits, e.g. 514 555-1234).');
    expect(shown).toContain('students.csv · line 2 · column F (Parent 1) Unknown parent: "P-E2E-9".');
    // The row of a parent refused above: named as that row, not as an unknown key (a trial read « Parent inconnu »).
    expect(shown).toContain('students.csv · line 4 · column F (Parent 1) "P-E2E-2" is on line 3 of parents.csv, which has an error of its own: fix that line first.');
    expect(shown).toContain('Cannot import: fix the errors below, then check again.');
    expect(await page.getByRole('button', { name: 'Apply the import' }).isDisabled()).toBe(true);
    // A phone: nothing wider than the screen.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // The edit tab, in English: a kind of record to choose, and a button to add one.
    await page.getByRole('tab', { name: 'Edit' }).click();
    await chooseKind(page, 'Committees', 'en');
    await page.getByRole('button', { name: 'Add a committee' }).waitFor();
    expect(await page.getByLabel('Search for a committee').isVisible()).toBe(true);
    // The committee form fits the phone, and a member row asks for a person and a role; a blank form is refused
    // field by field before anything is sent.
    await page.getByRole('button', { name: 'Add a committee' }).click();
    await page.getByRole('button', { name: 'Add a member' }).click();
    await page.getByLabel('Role 1', { exact: true }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Save' }).click();
    await see(page, 'This field is required.');
    expect(await textOf(page)).toContain('Fix the fields shown.');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add a committee' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('templates, import, re-import, edit, delete and export; the export rebuilds the same directory elsewhere', async () => {
    const context = await contextIn(() => session.newContext('desktop'), 'fr');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openDataPage(page, 'fr');

    // 1. Templates: one file per kind of record (and the school's settings, where the server has that file),
    // French headers with semicolons.
    const adminToken = await tokenFor(stack.info, admin().email, admin().password);
    const fileCount = CsvFilesResponseSchema.parse(
      (await api(stack.info, adminToken, 'GET', '/api/admin/import/templates?lang=fr')).body,
    ).files.length;
    const templateDownloads = await downloadsOf(page, fileCount, () =>
      page.getByRole('button', { name: /^Télécharger les (six|sept) modèles$/ }).click(),
    );
    const templates: Record<string, string> = {};
    for (const download of templateDownloads) {
      templates[download.suggestedFilename()] = readFileSync((await download.path())!, 'utf8');
    }
    expect(Object.keys(templates)).toEqual(
      expect.arrayContaining(['classes.csv', 'comites.csv', 'eleves.csv', 'membres-comites.csv', 'parents.csv', 'personnel.csv']),
    );
    expect(Object.keys(templates)).toHaveLength(fileCount);
    expect(templates['parents.csv']!.replace(/^\uFEFF/, '')).toMatch(/^Clé;Prénom;Nom;Courriel;Téléphone;/);
    expect(await textOf(page)).toContain('Les élèves : nom, niveau, classe et de un à quatre parents');

    // 2. Import: the broken set is refused with its lines; the fixed set is applied; the same again changes nothing.
    await page.getByRole('tab', { name: 'Importer' }).click();
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles(folderWith(schoolFiles(templates, 'fr', true)));
    await page.getByRole('button', { name: 'Vérifier les fichiers' }).click();
    await see(page, '4 erreurs : rien ne sera importé', 30_000);
    const table = normalise(await page.getByRole('table').last().innerText());
    expect(table).toContain('parents.csv 3 D (Courriel) Courriel invalide : « not-an-email ».');
    expect(table).toContain('eleves.csv 2 F (Parent 1) Parent inconnu : « P-E2E-9 ».');
    expect(await page.getByRole('button', { name: "Appliquer l'importation" }).isDisabled()).toBe(true);
    expect(await textOf(page)).toContain('Importation impossible : corrigez les erreurs ci-dessous, puis vérifiez de nouveau.');
    // Each file says how many of its rows were refused (a file refused whole was missing from « Par fichier »).
    expect(await textOf(page)).toMatch(/Parents À créer \d+ À mettre à jour \d+ Inchangées \d+ Lignes refusées 1/);

    // The parents' file as Excel for Windows saves it (Windows-1252): read as such, and said (a trial's was refused).
    const good = schoolFiles(templates, 'fr', false);
    const goodFiles = folderWith({ ...good, 'parents.csv': windows1252(good['parents.csv']!) });
    await fileInput.setInputFiles(goodFiles);
    await page.getByRole('button', { name: 'Vérifier les fichiers' }).click();
    await see(page, 'Fichiers valides', 30_000);
    expect(await page.getByTestId('read-as-windows-1252').innerText()).toContain("parents.csv n'était pas en UTF-8");
    const counts = await textOf(page);
    expect(counts).toMatch(/Élèves À créer 3 À mettre à jour 0 Inchangées 0/);
    expect(counts).toMatch(/Parents À créer 2 À mettre à jour 0 Inchangées 0/);
    // The headline counts the records the details count (it once counted the storage's writes, registry included).
    expect(counts).toContain('6 fiches à créer ou à mettre à jour');
    await page.getByRole('button', { name: "Appliquer l'importation" }).click();
    await see(page, 'Importation terminée : fiches créées 6, mises à jour 0.', 60_000);

    await page.getByRole('button', { name: 'Vérifier les fichiers' }).click();
    await page.getByText('Aucun changement', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await textOf(page)).toMatch(/Élèves À créer 0 À mettre à jour 0 Inchangées 3/);
    expect(await page.getByRole('button', { name: "Appliquer l'importation" }).isDisabled()).toBe(true);

    // 3. Edit a parent, with the keyboard alone: a bad phone is refused; a change made meanwhile is explained and
    // reloaded; then saved.
    const token = await tokenFor(stack.info, admin().email, admin().password);
    // Back from the import button to the tab list; the arrow keys move along the tabs.
    await tabTo(page, 'main [role="tab"][aria-selected="true"]', { backwards: true });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focused(page, '[role="tab"]')).toMatchObject({ matches: true, name: 'Modifier' });
    await page.keyboard.press('Enter');
    await page.getByLabel('Rechercher un parent').waitFor({ timeout: 30_000 });
    await tabTo(page, { selector: 'main input[type="search"]', name: 'Rechercher un parent' });
    await page.keyboard.type('zephyrin');
    await pressButton(page, 'Modifier Gervaise Zéphyrin');
    const phone = page.getByLabel('Téléphone', { exact: true });
    await phone.waitFor();
    // The form opens with focus in it, not lost to the top of the page.
    await expectFocusOn(page, 'main form *', 'the parent form opened');
    await tabTo(page, { selector: 'main input', name: 'Téléphone' });
    expect(await phone.inputValue()).toBe('514 555-0101');
    await retype(page, '438 555 019');
    await pressButton(page, 'Enregistrer');
    await see(page, 'Entrez un numéro de téléphone à 10 chiffres, sans poste, par exemple 514 555-1234.');

    type Person = { id: string; version: number; email?: string; firstName: string; lastName: string } & { [field: string]: unknown };
    const directoryOf = async () =>
      (await api(stack.info, token, 'GET', '/api/admin/directory')).body as { parents: Person[]; students: Person[] };
    const gervaise = (await directoryOf()).parents.find((p) => p.email === 'gervaise.zephyrin@e2e.example')!;
    const id = gervaise.id;
    // Someone else saves this parent while the form is open (the PUT carries the whole record and its version).
    const fields = ['firstName', 'lastName', 'email', 'phone', 'address', 'interests', 'participation', 'preferredLanguage', 'version'];
    const meanwhile = await api(stack.info, token, 'PUT', `/api/admin/parents/${id}`, {
      ...Object.fromEntries(fields.filter((field) => gervaise[field] !== undefined).map((field) => [field, gervaise[field]])),
      skills: 'Bénévole',
    });
    expect(meanwhile.status).toBe(200);
    await tabTo(page, { selector: 'main input', name: 'Téléphone' }, { backwards: true });
    await retype(page, '438 555-0199');
    await pressButton(page, 'Enregistrer');
    await page.getByText("Cette fiche a été modifiée par quelqu'un d'autre depuis que vous l'avez ouverte.", { exact: false }).waitFor();
    await pressButton(page, 'Recharger', 'main', { backwards: true });
    await expect.poll(() => phone.inputValue(), { timeout: 30_000 }).toBe('514 555-0101');
    await tabTo(page, { selector: 'main input', name: 'Téléphone' }, { backwards: true });
    await retype(page, '438 555-0199');
    await pressButton(page, 'Enregistrer');
    await see(page, 'La fiche de Gervaise Zéphyrin est enregistrée.', 30_000);
    const saved = (await directoryOf()).parents.find((p) => p.id === id)!;
    expect(saved).toMatchObject({ phone: '4385550199', skills: 'Bénévole' });
    // Back on the list, focus is on its search field (the form and its Save button are gone).
    await expectFocusOn(page, 'main input[type="search"]', 'after saving');

    // 4. Delete a student, with the keyboard alone: typed confirmation; the parent left without a child is named,
    // and kept.
    await tabTo(page, { selector: 'main button[aria-haspopup]', name: /^Type de fiche/ }, { backwards: true });
    await page.keyboard.press('Enter');
    await chooseOption(page, 'Élèves');
    await tabTo(page, { selector: 'main input[type="search"]', name: 'Rechercher un élève' });
    await page.keyboard.type('Noé');
    await pressButton(page, 'Supprimer Noé Zéphyrin');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Cette action ne peut pas être annulée.', { exact: false }).waitFor();
    const submit = dialog.getByRole('button', { name: 'Supprimer définitivement' });
    expect(await submit.isDisabled()).toBe(true);
    await tabTo(page, { selector: '[role="dialog"] input', name: /^Pour continuer, tapez «\s*confirmer\s*»$/ });
    await page.keyboard.type('confirmer');
    await pressButton(page, 'Supprimer définitivement', '[role="dialog"]');
    await dialog.getByText("Sans cet élève, Hector Zéphyrin n'aurait plus d'enfant à l'école.", { exact: false }).waitFor({ timeout: 30_000 });
    // The choice is a radio group: Tab reaches its checked button, the arrows move the choice (and back).
    const keep = 'Garder le parent dans le bottin';
    await tabTo(page, { selector: '[role="dialog"] input[type="radio"]:checked', name: keep }, { backwards: true });
    await page.keyboard.press('ArrowDown');
    expect(await focused(page, 'input[type="radio"]:checked')).toMatchObject({ matches: true, name: 'Supprimer aussi le parent' });
    await page.keyboard.press('ArrowUp');
    expect(await focused(page, 'input[type="radio"]:checked')).toMatchObject({ matches: true, name: keep });
    await pressButton(page, 'Supprimer définitivement', '[role="dialog"]');
    await see(page, 'La fiche de Noé Zéphyrin a été supprimée.', 30_000);
    // The dialog and the row it was opened from are gone: focus is back on the search field.
    await expectFocusOn(page, 'main input[type="search"]', 'after the delete dialog');
    const after = await directoryOf();
    expect(after.students.some((s) => s.firstName === 'Noé' && s.lastName === 'Zéphyrin')).toBe(false);
    expect(after.parents.some((p) => p.email === 'hector.zephyrin@e2e.example')).toBe(true);

    // 5. Staff, in the same visit: add a staff member, make them a class teacher and a committee secretary, then
    // delete them (the export below is taken after, so the school it rebuilds is the one left here).
    {
      type Directory = {
        staff: { id: string; firstName: string; lastName: string; email?: string; department: string; title: { fr: string } }[];
        classes: { id: string; name: string; teacherId?: string }[];
        committees: { id: string; name: { fr: string } }[];
        memberships: { committeeId: string; personType: string; personId: string; role: string }[];
      };
      const staffDirectory = async () => (await api(stack.info, token, 'GET', '/api/admin/directory')).body as Directory;
      const before = await staffDirectory();
      const schoolClass = before.classes[0]!;
      const committee = before.committees[0]!;
      const seats = before.memberships.filter((m) => m.committeeId === committee.id).length;
      // a. Add a staff member (the edit tab is open).
      await chooseKind(page, 'Personnel');
      await page.getByRole('button', { name: 'Ajouter un membre du personnel' }).click();
      await page.getByLabel('Prénom *', { exact: true }).fill('Zénon');
      await page.getByLabel('Nom *', { exact: true }).fill('Quirion');
      await page.getByLabel('Courriel', { exact: true }).fill('Zenon.Quirion@ecole.example');
      await page.getByLabel('Titre en français *', { exact: true }).fill('Enseignant de 2e année');
      await page.getByLabel('Titre en anglais *', { exact: true }).fill('Grade 2 teacher');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      // The department is required: said on its field, nothing sent.
      await see(page, 'Ce champ est obligatoire.');
      await pick(page, 'Service *', 'Enseignement');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, 'La fiche de Zénon Quirion est créée.');
      const zenon = (await staffDirectory()).staff.find((s) => s.lastName === 'Quirion')!;
      expect(zenon).toMatchObject({ firstName: 'Zénon', email: 'zenon.quirion@ecole.example', department: 'teaching', title: { fr: 'Enseignant de 2e année' } });

      // b. Make them the teacher of a class.
      await chooseKind(page, 'Classes');
      await page.getByRole('button', { name: `Modifier ${schoolClass.name}`, exact: true }).click();
      await pick(page, 'Enseignante ou enseignant', /Zénon Quirion/, 'Quirion');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, `La fiche ${deFr(schoolClass.name)} est enregistrée.`);
      expect((await staffDirectory()).classes.find((c) => c.id === schoolClass.id)!.teacherId).toBe(zenon.id);

      // c. Seat them on a committee as secretary.
      await chooseKind(page, 'Comités');
      await page.getByRole('button', { name: `Modifier ${committee.name.fr}`, exact: true }).click();
      await page.getByRole('button', { name: 'Ajouter un membre' }).click();
      await pick(page, `Personne ${seats + 1}`, /Zénon Quirion/, 'Quirion');
      await pick(page, `Rôle ${seats + 1}`, 'Secrétaire');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, `La fiche ${deFr(committee.name.fr)} est enregistrée.`);
      expect((await staffDirectory()).memberships).toContainEqual({ committeeId: committee.id, personType: 'STAFF', personId: zenon.id, role: 'secretary' });

      // d. Delete them: typed confirmation; the class and the committee no longer name them.
      await chooseKind(page, 'Personnel');
      await page.getByLabel('Rechercher un membre du personnel').fill('quirion');
      await page.getByRole('button', { name: 'Supprimer Zénon Quirion' }).click();
      await dialog.getByText('Cette action ne peut pas être annulée.', { exact: false }).waitFor();
      await dialog.getByLabel(/^Pour continuer, tapez «\s*confirmer\s*»$/).fill('confirmer');
      await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
      await see(page, 'La fiche de Zénon Quirion a été supprimée.');
      const afterStaff = await staffDirectory();
      expect(afterStaff.staff.some((s) => s.id === zenon.id)).toBe(false);
      expect(afterStaff.classes.find((c) => c.id === schoolClass.id)!.teacherId).toBeUndefined();
      expect(afterStaff.memberships.some((m) => m.personId === zenon.id)).toBe(false);
    }

    // 6. Export: six CSV files (the import's format) and one JSON file.
    await page.getByRole('tab', { name: 'Exporter' }).click();
    const exportDir = mkdtempSync(path.join(work, 'export-'));
    const csvDownloads = await downloadsOf(page, fileCount, () =>
      page.getByRole('button', { name: 'Télécharger les fichiers CSV' }).click(),
    );
    for (const download of csvDownloads) await download.saveAs(path.join(exportDir, download.suggestedFilename()));
    await see(page, `${fileCount} fichiers CSV téléchargés.`);
    const exportedParents = readFileSync(path.join(exportDir, 'parents.csv'), 'utf8');
    expect(exportedParents).toContain('P-E2E-1;Gervaise;Zéphyrin;gervaise.zephyrin@e2e.example;438 555-0199');
    const [jsonDownload] = await downloadsOf(page, 1, () =>
      page.getByRole('button', { name: 'Télécharger le fichier JSON' }).click(),
    );
    const json = JSON.parse(readFileSync((await jsonDownload!.path())!, 'utf8')) as {
      format: string;
      settings: { schoolName: string };
      students: unknown[];
    };
    expect(json.format).toBe('school-directory-export');
    expect(json.students).toHaveLength(after.students.length);
    // The two 409 answers above (the concurrent edit, the orphaned parent) are logged by the browser, and expected.
    expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    expect(errors).toHaveLength(2);
    await context.close();

    // 7. The export, imported with `npm run import` into an empty school (table and user pool), gives the same directory.
    const copy = await startTableStack('admin-data-copy', false);
    try {
      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const cli = await run(
        process.execPath,
        ['--import', tsx, path.resolve('local/cli/import.ts'), exportDir],
        {
          env: {
            ...process.env,
            TABLE_NAME: copy.info.tableName,
            DYNAMODB_ENDPOINT: copy.info.dynamoEndpoint,
            AWS_REGION: copy.info.region,
            AWS_ACCESS_KEY_ID: 'local',
            AWS_SECRET_ACCESS_KEY: 'local',
          },
        },
      );
      expect(cli.stdout).not.toContain('erreur');
      const cognito = cognitoClient(copy.info.cognitoEndpoint, copy.info.region);
      await ensureDemoUser(cognito, copy.info.userPoolId, { email: admin().email, password: admin().password, admin: true });
      cognito.destroy();
      // An unseeded stack has no administrator role: the operator grants one, as docs/auth.md says (`npm run
      // admin`'s own function, in this process: test/local/admin-cli.test.ts runs the CLI as a process).
      const granted: string[] = [];
      const grantEnv = {
        ...process.env,
        USER_POOL_ID: copy.info.userPoolId,
        TABLE_NAME: copy.info.tableName,
        COGNITO_ENDPOINT: copy.info.cognitoEndpoint,
        DYNAMODB_ENDPOINT: copy.info.dynamoEndpoint,
        AWS_REGION: copy.info.region,
      };
      expect(await runAdminCli(['grant', admin().email], (line) => granted.push(line), grantEnv)).toBe(0);
      expect(granted.join('\n')).toContain(`granted: ${admin().email}`);
      const copyToken = await tokenFor(copy.info, admin().email, admin().password);
      const original = await api(stack.info, token, 'GET', '/api/directory');
      const rebuilt = await api(copy.info, copyToken, 'GET', '/api/directory');
      expect(rebuilt.status).toBe(200);
      // The whole directory, the school's name, year and levels included (the school file carries the settings).
      expect(rebuilt.body).toEqual(original.body);
      expect((rebuilt.body as { school: { name: string } }).school.name).toBe(json.settings.schoolName);
      const csvOf = async (info: StackInfo, bearer: string) =>
        CsvFilesResponseSchema.parse((await api(info, bearer, 'GET', '/api/admin/export/csv?lang=fr')).body).files;
      expect(await csvOf(copy.info, copyToken)).toEqual(await csvOf(stack.info, token));
    } finally {
      await copy.stop();
    }
  }, 540_000);
});

/** What the page keeps in the browser: storage entries, IndexedDB databases, Cache Storage (a string: no DOM types here). */
async function storedInBrowser(page: Page) {
  return (await page.evaluate(`(async () => {
    const dump = (storage) => Object.keys(storage).map((key) => key + '=' + storage.getItem(key));
    const databases = await indexedDB.databases();
    return {
      local: dump(localStorage),
      session: dump(sessionStorage),
      databases: databases.map((db) => db.name || ''),
      caches: 'caches' in window ? await caches.keys() : [],
    };
  })()`)) as { local: string[]; session: string[]; databases: string[]; caches: string[] };
}

describe('access ends', () => {
  it('ends a session the server refuses (401) on the device, saying so (fr, 375 px); signed in again, the parent an admin then deletes keeps no directory data once the page reloads', async () => {
    const parent = stack.info.demoAccounts.find((account) => account.role === 'parent')!;
    const context = await contextIn(() => session.newContext('mobile'), 'fr');
    const page = await context.newPage();
    await page.goto(`${stack.info.appUrl}/auth?redirect=%2Fparents`);
    const loaded = page.waitForResponse((r) => r.url().endsWith('/api/directory') && r.status() === 200);
    await signInWith(page, 'fr', parent.email, parent.password);
    await loaded;
    // 1. The ID token no longer passes the API's check (what a revoked or expired session meets in AWS): its signature
    // is spoiled in storage, where the app reads it from. The signed-in shell's forced token refresh (the identity
    // service's reachability check) may land after the spoiling and store good tokens again: spoil until it holds.
    const spoil = `(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'));
      const [header, payload] = localStorage.getItem(key).split('.');
      localStorage.setItem(key, header + '.' + payload + '.c3BvaWxlZA');
    })()`;
    const spoiled = `Object.keys(localStorage).some((k) => k.endsWith('.idToken') && localStorage.getItem(k).endsWith('.c3BvaWxlZA'))`;
    await expect
      .poll(async () => {
        await page.evaluate(spoil);
        await page.waitForTimeout(1_000);
        return page.evaluate(spoiled);
      }, { timeout: 30_000 })
      .toBe(true);
    // Whichever call with the session's token the page makes first (/api/me, for the parent's children, or the
    // directory) meets the refusal.
    const refused = page.waitForResponse(
      (r) => new URL(r.url()).pathname.startsWith('/api/') && r.request().headers().authorization !== undefined,
    );
    await page.reload();
    expect((await refused).status()).toBe(401);
    // Not 'Le serveur a répondu HTTP 401. Réessayez': the sign-in page, with why, and the way back to Parents.
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('expired') === '1', { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/parents');
    await page.getByRole('main').getByText('Votre session a pris fin sur cet appareil. Connectez-vous de nouveau pour continuer.').waitFor();
    expect(await page.getByText('HTTP 401', { exact: false }).count()).toBe(0);
    await expect
      .poll(async () => (await storedInBrowser(page)).local.filter((entry) => entry.startsWith('CognitoIdentityServiceProvider.')), {
        timeout: 10_000,
      })
      .toEqual([]);
    const stored = await storedInBrowser(page);
    expect(stored.local.filter((entry) => entry.startsWith('directory.'))).toEqual([]);
    expect(stored.databases).toEqual([]);
    // Signing in again goes back to the page the person was on.
    const reloaded = page.waitForResponse((r) => r.url().endsWith('/api/directory') && r.status() === 200);
    await signInWith(page, 'fr', parent.email, parent.password);
    await page.waitForURL((url) => url.pathname === '/parents', { timeout: 30_000 });
    await reloaded;
    // The list shown: the app has its copy of the directory (the copy that step 2 must see go).
    await page.getByRole('main').getByText(/parents? affichés? sur/).first().waitFor({ timeout: 30_000 });

    // 2. An administrator deletes this parent while their page is open. What must not stay on the device: every
    // other family's email.
    const adminToken = await tokenFor(stack.info, admin().email, admin().password);
    const before = (await api(stack.info, adminToken, 'GET', '/api/admin/directory')).body as {
      parents: { id: string; email?: string; lastName: string; version: number }[];
    };
    const record = before.parents.find((p) => p.email === parent.email)!;
    const others = before.parents.filter((p) => p.email && p.id !== record.id).map((p) => p.email!);
    expect(others.length).toBeGreaterThan(3);
    const deleted = await api(stack.info, adminToken, 'DELETE', `/api/admin/parents/${record.id}`, {
      version: record.version,
      confirm: 'confirm',
    });
    expect(deleted.status).toBe(200);

    // Whichever call with the session's token the page makes first meets the refusal.
    const refusedAfterDelete = page.waitForResponse(
      (r) => new URL(r.url()).pathname.startsWith('/api/') && r.request().headers().authorization !== undefined,
    );
    await page.reload();
    expect([401, 403]).toContain((await refusedAfterDelete).status());
    // A kept copy would be written right after the screens repaint: read the storage once the page has stopped
    // talking to the server (no request for half a second), not at a fixed time.
    await page.waitForLoadState('networkidle');
    const left = await storedInBrowser(page);
    const text = [...left.local, ...left.session].join('\n');
    expect(left.local.filter((entry) => entry.startsWith('directory.'))).toEqual([]);
    expect(others.filter((email) => text.includes(email))).toEqual([]);
    expect(left.databases).toEqual([]);
    expect(left.caches).toEqual([]);
    await context.close();
  }, 180_000);
});
