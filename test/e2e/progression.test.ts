import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { readDirectory } from '../../lambdas/directory/directory-repository';
import { generateSchool, type DemoSchool } from '../../local/demo/generate-school';
import { openBrowser, trackPageErrors, type BrowserSession, type ViewportName } from '../support/browser';
import { startTableStack, type IsolatedStack } from '../support/isolated-stack';
import { contextIn, demoAccount, signInWith } from './auth-support';
import { focused, pressButton } from './keyboard-support';

/**
 * The school progression wizard in Chromium, as the admin, on a stack of its own (the apply changes the whole
 * school): the analysis counts match the seeded school; a class for every student who needs one; a new student
 * with a new parent and one with an existing parent (a graduate's sole parent, who is then kept); two
 * departures; review; typed confirmation; apply. Afterwards the table holds exactly what the review said.
 * French at 1440 px and English at 375 px, each on a fresh school (a table stack, test/support/isolated-stack.ts). The wizard is started and walked through (forward,
 * back and forward again) with the keyboard alone.
 */
const FAMILIES = 16;
const school: DemoSchool = generateSchool({ families: FAMILIES });

const T = {
  fr: {
    title: "Passage à l'année suivante",
    dashboard: (total: number, auto: number, assign: number, graduating: number) =>
      `${total} élèves\u00a0: ${auto} suivent leur classe, ${assign} à placer dans une classe, ${graduating} finissent leur primaire.`,
    start: 'Commencer la préparation de 2026\u20112027',
    next: 'Suivant',
    previous: 'Précédent',
    steps: ['Où va chaque élève', 'Classes à choisir', 'Finissants', 'Nouveaux élèves', 'Élèves qui partent', 'Vérifier et appliquer'],
    chosen: 'Classe choisie',
    classFor: (name: string) => `Classe de l'an prochain pour ${name}`,
    add: 'Ajouter un nouvel élève',
    save: 'Enregistrer le nouvel élève',
    required: 'Ce champ est obligatoire',
    firstName: 'Prénom *',
    lastName: 'Nom *',
    email: 'Courriel',
    phone: 'Téléphone',
    level: "Année l'an prochain *",
    levelOption: '1re année',
    klass: "Classe l'an prochain *",
    existing: 'Déjà dans le bottin',
    parentSearch: 'Nom, courriel ou enfant',
    studentSearch: 'Rechercher un élève',
    addDeparture: 'Ajouter aux élèves qui partent',
    reason: 'Raison (facultatif)',
    ready: 'Tout est prêt.',
    apply: 'Appliquer les changements',
    confirm: /^Pour continuer, tapez «\s*confirmer\s*»$/,
    word: 'confirmer',
    applyNow: 'Appliquer définitivement',
    done: 'Les changements sont appliqués.',
    completedTitle: "L'année scolaire 2026\u20112027 est prête",
  },
  en: {
    dashboard: (total: number, auto: number, assign: number, graduating: number) =>
      `${total} students: ${auto} move up with their class, ${assign} need a class, ${graduating} graduate.`,
    title: 'School progression',
    start: 'Start preparing 2026\u20112027',
    next: 'Next',
    previous: 'Previous',
    steps: ['Where everyone goes', 'Classes to choose', 'Graduating students', 'New students', 'Students leaving', 'Review and apply'],
    chosen: 'Class chosen',
    classFor: (name: string) => `Class next year for ${name}`,
    add: 'Add a new student',
    save: 'Save the new student',
    required: 'This field is required',
    firstName: 'First name *',
    lastName: 'Last name *',
    email: 'Email',
    phone: 'Phone',
    level: 'Grade next year *',
    levelOption: 'Grade 1',
    klass: 'Class next year *',
    existing: 'Already in the directory',
    parentSearch: 'Name, email or child',
    studentSearch: 'Search a student',
    addDeparture: 'Add to the students leaving',
    reason: 'Reason (optional)',
    ready: 'Everything is ready.',
    apply: 'Apply the changes',
    confirm: /^To continue, type "confirm"$/,
    word: 'confirm',
    applyNow: 'Apply permanently',
    done: 'The changes are applied.',
    completedTitle: 'School year 2026\u20112027 is ready',
  },
} as const;

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
const nextLevel = (level: string) => `G${Number(level.slice(1)) + 1}`;
const classById = new Map(school.classes.map((c) => [c.id, c]));
const parentsOf = (studentId: string) => school.families.filter((l) => l.studentId === studentId).map((l) => l.parentId);
const childrenOf = (parentId: string) => school.families.filter((l) => l.parentId === parentId).map((l) => l.studentId);
const adminId = school.accounts.admin.personId;

const graduates = school.students.filter((s) => s.level === 'G6');
const continuing = school.students.filter((s) => s.level !== 'G6');
const needsClass = continuing.filter((s) => !classById.get(s.classId)!.levels.includes(nextLevel(s.level)));
/** The class each student who needs one gets: the first class hosting the new grade (the only one here). */
const chosenClass = (level: string) => school.classes.find((c) => c.levels.includes(level))!;
/** Two staying students outside the admin's family (the admin must keep their account to finish). */
const departing = continuing
  .filter((s) => !parentsOf(s.id).includes(adminId))
  .filter((s) => !needsClass.includes(s))
  .slice(0, 2);
/** A graduate's sole parent (no other child staying), named as the existing parent of a new student: kept. */
const soleParentId = graduates
  .flatMap((g) => parentsOf(g.id))
  .find((p) => p !== adminId && childrenOf(p).every((c) => graduates.some((g) => g.id === c)))!;
const soleParent = school.parents.find((p) => p.id === soleParentId)!;

async function chooseOption(page: Page, trigger: ReturnType<Page["getByRole"]>, option: string | RegExp, filter?: { placeholder: string; text: string }) {
  await trigger.click();
  if (filter) await page.getByPlaceholder(filter.placeholder).last().fill(filter.text);
  await page.getByRole('option', { name: option }).first().click();
}

const SHOTS = process.env.PROG_SHOTS;
async function shot(page: Page, label: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${label}.png`, fullPage: true });
}
/** How far the page scrolls sideways (the root tsconfig has no DOM types: the expression is a string). */
const sideScroll = async (page: Page) => Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));

/** What the page showed when a step failed (alerts, form errors), so a failure on a busy machine can be read. */
async function shown(page: Page): Promise<string> {
  const texts = await page.locator('[role="alert"], [class*="error"]').allInnerTexts().catch(() => []);
  return JSON.stringify(texts.map((t) => t.trim()).filter(Boolean)).slice(0, 1500);
}

async function journey(stack: IsolatedStack, session: BrowserSession, lang: 'fr' | 'en', viewport: ViewportName, tag: string) {
  const text = T[lang];
  const info = stack.info;
  const context = await contextIn(() => session.newContext(viewport), lang);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  try {
    await steps(page, info, text, lang, viewport, tag);
  } catch (error) {
    await shot(page, `${tag}-failure`);
    throw new Error(`${(error as Error).message}\nThe page showed: ${await shown(page)}`, { cause: error });
  }
  // A 409 is the apply lock still held by the chunk the reload cut short: the page waits and continues (Chromium
  // logs every refused request to the console).
  expect(errors.filter((e) => !e.includes('favicon') && !e.includes('status of 409'))).toEqual([]);
  await context.close();
  await checkAfter(info, tag);
}

/**
 * Moves the wizard with the keyboard alone: Tab to its Next (or Previous) button, Enter. The new step shows, and
 * focus is on its title (an optional step's title ends with "optional"), not lost to the top of the page.
 */
async function wizardTo(page: Page, text: (typeof T)['fr' | 'en'], button: 'next' | 'previous', step: number) {
  await pressButton(page, text[button], 'main', { max: 200 });
  await expect.poll(() => focused(page, 'main h1, main h2'), { timeout: 60_000 }).toMatchObject({ matches: true, name: expect.stringMatching(new RegExp(`^${text.steps[step]}`)) });
}

async function steps(page: Page, info: IsolatedStack['info'], text: (typeof T)['fr' | 'en'], lang: 'fr' | 'en', viewport: ViewportName, tag: string) {
  const admin = demoAccount(info, 'admin');
  await page.goto(`${info.appUrl}/auth?redirect=${encodeURIComponent('/admin/school-progression')}`);
  await signInWith(page, lang, admin.email, admin.password);
  await page.getByRole('heading', { level: 1, name: text.title }).waitFor({ timeout: 60_000 });
  await pressButton(page, text.start, 'main', { max: 80 });

  // 1. The counts match the seeded school.
  const count = (key: string) => page.locator(`[data-count-value="${key}"]`).first();
  await count('totalStudents').waitFor({ timeout: 60_000 });
  expect(await count('totalStudents').textContent()).toBe(String(school.students.length));
  expect(await count('graduating').textContent()).toBe(String(graduates.length));
  expect(await count('needsAssignment').textContent()).toBe(String(needsClass.length));
  expect(await count('autoProgression').textContent()).toBe(String(continuing.length - needsClass.length));
  // The admin dashboard's card shows the same counts while the progression is being prepared.
  const dashboard = await page.context().newPage();
  await dashboard.goto(`${info.appUrl}/admin`);
  await dashboard
    .getByText(text.dashboard(school.students.length, continuing.length - needsClass.length, needsClass.length, graduates.length))
    .waitFor({ timeout: 60_000 });
  await dashboard.close();
  await shot(page, `${tag}-overview`);
  if (viewport === 'mobile') expect(await sideScroll(page), 'overview').toBeLessThanOrEqual(0);
  await wizardTo(page, text, 'next', 1);

  // 2. A class for every student who needs one.
  // One at a time, as a person does: each choice is seen saved before the next.
  for (const [index, student] of needsClass.entries()) {
    const target = chosenClass(nextLevel(student.level));
    await chooseOption(page, page.getByRole('button', { name: text.classFor(name(student)) }), new RegExp(target.name));
    await expect.poll(() => page.getByText(text.chosen, { exact: true }).count(), { timeout: 60_000 }).toBe(index + 1);
  }
  await shot(page, `${tag}-assignments`);
  if (viewport === 'mobile') expect(await sideScroll(page), 'assignments').toBeLessThanOrEqual(0);
  await wizardTo(page, text, 'next', 2);

  // 3. Graduates, each parent with the server's status.
  await page.locator('[data-parent-decision]').first().waitFor({ timeout: 60_000 });
  const shown = graduates.flatMap((g) => parentsOf(g.id));
  expect(await page.locator('[data-parent-decision]').count()).toBe(shown.length);
  await shot(page, `${tag}-graduates`);
  if (viewport === 'mobile') expect(await sideScroll(page), 'graduates').toBeLessThanOrEqual(0);
  // The step is in the address: a reload stays on it, the browser's Back returns to the previous step with the
  // choices made, Forward comes back.
  await page.reload();
  await page.locator('[data-parent-decision]').first().waitFor({ timeout: 60_000 });
  await page.goBack();
  await expect.poll(() => page.getByText(text.chosen, { exact: true }).count(), { timeout: 60_000 }).toBe(needsClass.length);
  await page.goForward();
  await page.locator('[data-parent-decision]').first().waitFor({ timeout: 60_000 });
  // Back one step with the wizard's own button and forward again: the choices made are still there.
  await wizardTo(page, text, 'previous', 1);
  expect(await page.getByText(text.chosen, { exact: true }).count()).toBe(needsClass.length);
  await wizardTo(page, text, 'next', 2);
  await wizardTo(page, text, 'next', 3);

  // 4. New students: the form refuses an empty save, then one with a new parent, one with an existing parent.
  const newEmail = `nouveau-${tag}@famille.example`;
  await page.getByRole('button', { name: text.add }).click();
  await page.getByRole('button', { name: text.save }).click();
  await page.getByText(text.required).first().waitFor({ timeout: 10_000 });
  const student = page.locator('[data-section="student"]');
  const parent1 = page.locator('[data-section="parent1"]');
  await student.getByLabel(text.firstName, { exact: true }).fill('Éloïse');
  await student.getByLabel(text.lastName, { exact: true }).fill(`Nouvelle-${tag}`);
  await chooseOption(page, student.getByRole('button', { name: new RegExp(text.level.replace('*', '')) }), text.levelOption);
  await chooseOption(page, student.getByRole('button', { name: new RegExp(text.klass.replace('*', '')) }), /Classe A/);
  await parent1.getByLabel(text.firstName, { exact: true }).fill('Gabrielle');
  await parent1.getByLabel(text.lastName, { exact: true }).fill(`Nouvelle-${tag}`);
  await parent1.getByLabel(text.email, { exact: true }).fill(newEmail);
  await parent1.getByLabel(text.phone, { exact: true }).fill('5145550199');
  await parent1.getByLabel(text.email, { exact: true }).click();
  expect(await parent1.getByLabel(text.phone, { exact: true }).inputValue()).toBe('514 555-0199');
  await shot(page, `${tag}-form`);
  // Each message went away as its field was filled.
  expect(await page.getByText(text.required).count()).toBe(0);
  if (viewport === 'mobile') expect(await sideScroll(page), 'new student form').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: text.save }).click();
  await page.getByText(`Éloïse Nouvelle-${tag}`).first().waitFor({ timeout: 60_000 });

  await page.getByRole('button', { name: text.add }).click();
  await student.getByLabel(text.firstName, { exact: true }).fill('Ulysse');
  await student.getByLabel(text.lastName, { exact: true }).fill(soleParent.lastName);
  await chooseOption(page, student.getByRole('button', { name: new RegExp(text.level.replace('*', '')) }), text.levelOption);
  await chooseOption(page, student.getByRole('button', { name: new RegExp(text.klass.replace('*', '')) }), /Classe A/);
  await parent1.getByText(text.existing).click();
  await chooseOption(page, parent1.getByRole('button').first(), name(soleParent), { placeholder: text.parentSearch, text: name(soleParent) });
  await page.getByRole('button', { name: text.save }).click();
  await page.getByText(`Ulysse ${soleParent.lastName}`).first().waitFor({ timeout: 60_000 });
  await shot(page, `${tag}-newstudents`);
  if (viewport === 'mobile') expect(await sideScroll(page), 'newstudents').toBeLessThanOrEqual(0);
  await wizardTo(page, text, 'next', 4);

  // 5. Two departures, one with a reason.
  for (const [i, leaving] of departing.entries()) {
    await chooseOption(page, page.getByRole('button', { name: new RegExp(lang === 'fr' ? 'Choisir un élève' : 'Choose a student') }), name(leaving), {
      placeholder: text.studentSearch,
      text: name(leaving),
    });
    if (i === 0) await page.getByLabel(text.reason).first().fill('Déménagement');
    await page.getByRole('button', { name: text.addDeparture }).click();
    await page.getByRole('heading', { name: new RegExp(`\\(${i + 1}\\)`) }).first().waitFor({ timeout: 60_000 });
  }
  await shot(page, `${tag}-departures`);
  if (viewport === 'mobile') expect(await sideScroll(page), 'departures').toBeLessThanOrEqual(0);
  await wizardTo(page, text, 'next', 5);

  // 6. Review, 7. apply.
  await page.getByText(text.ready, { exact: false }).waitFor({ timeout: 60_000 });
  await shot(page, `${tag}-review`);
  expect(await page.locator('[data-review-section="graduations"] li').count()).toBe(graduates.length);
  expect(await page.locator('[data-review-section="departures"] li').count()).toBe(2);
  expect(await page.locator('[data-review-section="arrivals"] li').count()).toBe(2);
  await page.getByRole('button', { name: text.apply, exact: true }).click();
  const dialog = page.getByRole('dialog');
  const applyNow = dialog.getByRole('button', { name: text.applyNow });
  expect(await applyNow.isDisabled()).toBe(true);
  await dialog.getByLabel(text.confirm).fill(text.word);
  await shot(page, `${tag}-confirm`);
  await applyNow.click();
  if (lang === 'en') {
    // Closing the page mid-apply loses nothing: reopened, it continues (or shows the finished result).
    await page.reload();
    await page.getByRole('heading', { name: text.completedTitle }).waitFor({ timeout: 90_000 });
  } else {
    await page.getByText(text.done, { exact: false }).first().waitFor({ timeout: 90_000 });
  }
  await shot(page, `${tag}-done`);
  if (viewport === 'mobile') expect(await sideScroll(page)).toBeLessThanOrEqual(0);
}

/** Afterwards: the table holds what the review said. */
async function checkAfter(info: IsolatedStack['info'], tag: string) {
  const newEmail = `nouveau-${tag}@famille.example`;
  Object.assign(process.env, info.lambdaEnv);
  resetDocumentClient();
  const after = await readDirectory();
  const students = new Map(after.students.map((s) => [s.id, s]));
  for (const g of graduates) expect(students.has(g.id), `graduate ${name(g)}`).toBe(false);
  for (const d of departing) expect(students.has(d.id), `departing ${name(d)}`).toBe(false);
  for (const s of continuing.filter((c) => !departing.includes(c))) {
    const now = students.get(s.id);
    expect(now?.level, name(s)).toBe(nextLevel(s.level));
    const expectedClass = needsClass.includes(s) ? chosenClass(nextLevel(s.level)).id : s.classId;
    expect(now?.classId, name(s)).toBe(expectedClass);
  }
  const arrivals = after.students.filter((s) => !school.students.some((o) => o.id === s.id));
  expect(arrivals.map(name).sort()).toEqual([`Éloïse Nouvelle-${tag}`, `Ulysse ${soleParent.lastName}`].sort());
  for (const arrival of arrivals) expect(arrival).toMatchObject({ level: 'G1', classId: chosenClass('G1').id });

  const parents = new Map(after.parents.map((p) => [p.id, p]));
  const remaining = new Set([...continuing.filter((c) => !departing.includes(c)).map((s) => s.id)]);
  for (const parent of school.parents) {
    const keeps = childrenOf(parent.id).some((c) => remaining.has(c)) || parent.id === soleParentId;
    expect(parents.has(parent.id), `parent ${name(parent)} ${keeps ? 'kept' : 'removed'}`).toBe(keeps);
  }
  // Shared parents (a graduate's parent with another child staying) stay.
  expect(school.parents.some((p) => childrenOf(p.id).some((c) => graduates.some((g) => g.id === c)) && parents.has(p.id))).toBe(true);
  const added = after.parents.find((p) => p.email === newEmail);
  expect(added).toMatchObject({ firstName: 'Gabrielle', phone: '5145550199' });
  const soleLinks = after.families.filter((l) => l.parentId === soleParentId).map((l) => l.studentId);
  expect(soleLinks).toEqual([arrivals.find((a) => a.firstName === 'Ulysse')!.id]);

  // The new parent may create an account.
  const validation = await fetch(`${info.appUrl}/api/validateEmailV2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: newEmail }),
  });
  expect(((await validation.json()) as { authorized: boolean }).authorized).toBe(true);
}

// Two schools of their own on the worker's emulators (table stacks: a table, a user pool and a gateway each), then
// each journey runs alone.
const stacks: Partial<Record<'fr' | 'en', IsolatedStack>> = {};
let session: BrowserSession;
beforeAll(async () => {
  [stacks.fr, stacks.en, session] = await Promise.all([
    startTableStack('progression-fr', { families: FAMILIES }),
    startTableStack('progression-en', { families: FAMILIES }),
    openBrowser(),
  ]);
}, 180_000);
afterAll(async () => {
  await session?.close();
  await Promise.all([stacks.fr?.stop(), stacks.en?.stop()]);
});

describe.each([
  ['fr', 'desktop'],
  ['en', 'mobile'],
] as const)('school progression wizard (%s, %s)', (lang, viewport) => {
  it('plans next year, reviews it and applies it; the directory ends as the review said', async () => {
    expect(needsClass.length).toBeGreaterThan(0);
    expect(graduates.length).toBeGreaterThan(0);
    expect(departing).toHaveLength(2);
    expect(soleParent).toBeDefined();
    await journey(stacks[lang]!, session, lang, viewport, lang);
  }, 240_000);
});
