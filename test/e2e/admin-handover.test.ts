import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import { ulid } from 'ulid';
import { createPerson, deletePerson } from '../../lambdas/admin/edit/people-edit';
import { updateSettings } from '../../lambdas/admin/settings/settings-service';
import { getSettings } from '../../lambdas/directory/settings-repository';
import { endRoles, grantRole, rolesOf } from '../../lambdas/registry/admin-roles';
import { idTokenFor } from '../../local/sign-in';
import { StaffInputSchema } from '@shared/contracts/admin-api';
import { settingsFormOf } from '@shared/contracts/school-settings-api';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import { STAFF_DEPARTMENT_CODES } from '@shared/schemas/staff';
import { registerPerson, uniqueEmail } from '../lambdas/auth-support';
import { openBrowser, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { contextIn, createAccount, expectAt, h1, signInWith, warmUp } from './auth-support';
import { followInApp } from './client-navigation';
import { focused } from './keyboard-support';

/**
 * The administrator handover and the school settings screen (docs/operations.md, "Handing over";
 * docs/data-onboarding.md, "School settings"), in Chromium, as one outgoing administrator's visit: they change the
 * school's name, which shows on the home page, then hand over to another member, whose admin menu appears at once,
 * and back-date their own end, which removes their access at their next request. The journey runs in French at
 * 1440 px and in English at 375 px (where the navigation is a drawer, opened to look for the admin links).
 */
const stack = useStack();
const sideNav = createWrapper().findSideNavigation();
const layout = createWrapper().findAppLayout();
const PASSWORD = 'Admin2026';
const SYSTEM = { kind: 'system', id: 'test' } as const;
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

/** An administrator with an account, whose role started long ago. */
async function administrator(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await registerPerson(email, 'STAFF', 'Responsable Bottin');
  await createAccount(stack, email, PASSWORD, true);
  await grantRole({ email, from: addDays(schoolDay(), -100) }, SYSTEM);
  return email;
}

const TEXTS = {
  fr: {
    viewport: 'desktop',
    roles: 'Passation et administrateurs',
    pickMember: /Choisir un membre/,
    search: 'Nom ou courriel',
    titleField: 'Titre (facultatif)',
    roleTitle: 'Responsable du bottin 2026-2027',
    stepDown: 'Mettre fin à mon propre accès',
    ownUntil: "Mon dernier jour d'accès",
    handOver: 'Passer la main',
    confirm: 'Confirmer la passation',
    denied: 'Accès refusé\u00a0: un accès administrateur est requis pour consulter cette page.',
    admin: 'Administration',
    settings: "Paramètres de l'école",
    schoolName: "Nom de l'école",
    postalCode: 'Code postal',
    unsaved: 'Modifications non enregistrées.',
    save: 'Enregistrer les paramètres',
    saved: "Paramètres de l'école enregistrés. La page d'accueil les affiche déjà.",
  },
  en: {
    viewport: 'mobile',
    roles: 'Handover and administrators',
    pickMember: /Choose a member/,
    search: 'Name or email',
    titleField: 'Title (optional)',
    roleTitle: 'Directory lead 2026-2027',
    stepDown: 'End my own access',
    ownUntil: 'My last day of access',
    handOver: 'Hand over',
    confirm: 'Confirm the handover',
    denied: 'Access Denied: Administrative access required to view this page.',
    admin: 'Administration',
    settings: 'School settings',
    schoolName: 'School name',
    postalCode: 'Postal code',
    unsaved: 'Unsaved changes.',
    save: 'Save settings',
    saved: 'School settings saved. The home page shows them already.',
  },
} as const;

/** Links to `href` in the side navigation; on a phone the navigation is a drawer, opened first. */
async function navLinks(page: Page, href: string): Promise<number> {
  const toggle = page.locator(layout.findNavigationToggle().toSelector());
  const open = page.locator(layout.findOpenNavigationPanel().toSelector());
  if ((await open.count()) === 0 && (await toggle.isVisible())) await toggle.click();
  return page.locator(sideNav.findLinkByHref(href).toSelector()).count();
}

describe.each(['fr', 'en'] as const)('administration handover and settings (%s)', (locale) => {
  const text = TEXTS[locale];

  // The work of two journeys (the settings, the handover): twice the default timeout.
  it('a new school name shows on the home page; the incoming member is an administrator at once; the back-dated end removes the outgoing one at their next request', { timeout: 240_000 }, async () => {
    const outgoing = await administrator(`handover-out-${locale}`);
    const incomingEmail = uniqueEmail(`handover-in-${locale}`);
    const incoming = await createPerson(
      'STAFF',
      StaffInputSchema.parse({ firstName: 'Béatrice', lastName: `Relève ${locale}`, email: incomingEmail, title: { fr: 'Secrétaire', en: 'Secretary' }, department: STAFF_DEPARTMENT_CODES[0] }),
      { actor: SYSTEM, now: new Date() },
    );
    await createAccount(stack, incomingEmail, PASSWORD, true);
    const yesterday = addDays(schoolDay(), -1);
    const name = `École Bois-Joli ${ulid().slice(-4)}`;
    let before: Awaited<ReturnType<typeof getSettings>> = undefined;
    try {
      const context = await contextIn(() => session.newContext(text.viewport), locale);
      const page = await context.newPage();
      await page.goto(`${stack.appUrl}/auth?redirect=%2Fadmin%2Fsettings`);
      await signInWith(page, locale, outgoing, PASSWORD);
      await expectAt(page, '/admin/settings');
      await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe(text.settings);
      const token = await idTokenFor(stack, outgoing, PASSWORD);
      const main = page.getByRole('main');

      // 1. The school's settings. Read once the form shows the stored settings, so the name is put back as it was.
      before = await getSettings();
      // A value the server refuses: the field it names gets the focus (it may be screens above the button).
      const postal = main.getByLabel(text.postalCode, { exact: true });
      const postalBefore = await postal.inputValue();
      await postal.fill('H7N');
      await main.getByRole('button', { name: text.save }).click();
      await expect.poll(async () => (await focused(page, 'main input'))?.name, { timeout: 15_000 }).toBe(text.postalCode);
      await postal.fill(postalBefore);
      await main.getByLabel(text.schoolName, { exact: true }).fill(name);
      await main.getByText(text.unsaved).waitFor();
      await main.getByRole('button', { name: text.save }).click();
      await page.getByText(text.saved).waitFor({ timeout: 15_000 });
      await followInApp(page, '/');
      await page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 20_000 });

      // 2. The handover, from the roles screen (inside the app).
      await followInApp(page, '/admin/roles');
      await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe(text.roles);
      await main.getByRole('button', { name: text.pickMember }).click();
      await page.getByPlaceholder(text.search).fill(incomingEmail);
      await page.getByRole('option', { name: new RegExp(`Béatrice Relève ${locale}`) }).click();
      await main.getByLabel(text.titleField).fill(text.roleTitle);
      await main.getByText(text.stepDown, { exact: true }).click();
      // Dates are typed and shown as Québec writes them (2026-11-26), like every other date in the app.
      await main.getByLabel(text.ownUntil).fill(yesterday);
      expect(await main.getByLabel(text.ownUntil).inputValue()).toBe(yesterday);
      await main.getByRole('button', { name: text.handOver, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: text.confirm }).click();

      // The list is read again after the handover: refused, the app hides the admin menu without a reload. (A fresh
      // load after a role ended shows no admin menu either: test/e2e/admin-roles.test.ts.)
      await page.getByText(text.denied).waitFor({ timeout: 20_000 });
      await expect.poll(() => navLinks(page, '/admin')).toBe(0);
      const api = await fetch(`${stack.appUrl}/api/admin/settings`, { headers: { Authorization: `Bearer ${token}` } });
      expect(api.status).toBe(403);
      expect((await rolesOf(outgoing)).map((r) => r.until)).toEqual([yesterday]);
      await context.close();

      // 3. The incoming member signs in: the admin menu is there at once.
      const theirs = await contextIn(() => session.newContext(text.viewport), locale);
      const second = await theirs.newPage();
      await second.goto(`${stack.appUrl}/auth?redirect=%2Fadmin`);
      await signInWith(second, locale, incomingEmail, PASSWORD);
      await expectAt(second, '/admin');
      await expect.poll(() => h1(second).textContent(), { timeout: 15_000 }).toBe(text.admin);
      await expect.poll(() => navLinks(second, '/admin/roles')).toBe(1);
      await theirs.close();
    } finally {
      await endRoles(incomingEmail, undefined, SYSTEM).catch(() => undefined);
      await deletePerson('STAFF', incoming.id, { version: incoming.version, confirm: 'confirm' }, { actor: SYSTEM, now: new Date() }).catch(() => undefined);
      if (before) {
        const now = (await getSettings())!;
        await updateSettings({ ...settingsFormOf(now), schoolName: before.schoolName, version: now.version }, SYSTEM);
      }
    }
  });
});
