import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import { ulid } from 'ulid';
import { createPerson, deletePerson } from '../../lambdas/admin/edit/people-edit';
import { updateSettings } from '../../lambdas/admin/settings/settings-service';
import { getSettings } from '../../lambdas/directory/settings-repository';
import { endRoles, grantRole, rolesOf } from '../../lambdas/registry/admin-roles';
import { idTokenFor } from '../../local/sign-in';
import { StaffInputSchema } from '../../shared/admin-api';
import { settingsFormOf } from '../../shared/school-settings-api';
import { addDays, schoolDay } from '../../shared/school-calendar';
import { STAFF_DEPARTMENT_CODES } from '../../shared/schemas/staff';
import { registerPerson, uniqueEmail } from '../lambdas/auth-support';
import { openBrowser, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { contextIn, createAccount, expectAt, h1, signInWith, warmUp } from './auth-support';

/**
 * The administrator handover and the school settings screen (docs/operations.md, "Handing over";
 * docs/data-onboarding.md, "School settings"), in Chromium: in French at 1440 px, an administrator hands over to
 * another member, whose admin menu appears at once, and back-dates their own end, which removes their access at
 * their next request; in English at 375 px, a change of the school's name shows on the home page.
 */
const stack = useStack();
const sideNav = createWrapper().findSideNavigation();
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

describe('handing over the administration (fr, 1440 px)', () => {
  it('the incoming member is an administrator at once; the back-dated end removes the outgoing one at their next request', async () => {
    const outgoing = await administrator('handover-out');
    const incomingEmail = uniqueEmail('handover-in');
    const incoming = await createPerson(
      'STAFF',
      StaffInputSchema.parse({ firstName: 'Béatrice', lastName: 'Relève', email: incomingEmail, title: { fr: 'Secrétaire', en: 'Secretary' }, department: STAFF_DEPARTMENT_CODES[0] }),
      { actor: SYSTEM, now: new Date() },
    );
    await createAccount(stack, incomingEmail, PASSWORD, true);
    const yesterday = addDays(schoolDay(), -1);
    try {
      const context = await contextIn(() => session.newContext('desktop'), 'fr');
      const page = await context.newPage();
      const adminLinks = page.locator(sideNav.findLinkByHref('/admin').toSelector());
      await page.goto(`${stack.appUrl}/auth?redirect=%2Fadmin%2Froles`);
      await signInWith(page, 'fr', outgoing, PASSWORD);
      await expectAt(page, '/admin/roles');
      await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('Passation et administrateurs');
      const token = await idTokenFor(stack, outgoing, PASSWORD);

      const main = page.getByRole('main');
      await main.getByRole('button', { name: /Choisir un membre/ }).click();
      await page.getByPlaceholder('Nom ou courriel').fill(incomingEmail);
      await page.getByRole('option', { name: /Béatrice Relève/ }).click();
      await main.getByLabel('Titre (facultatif)').fill('Responsable du bottin 2026-2027');
      await main.getByText('Mettre fin à mon propre accès', { exact: true }).click();
      const ownEnd = main.getByLabel("Mon dernier jour d'accès");
      await ownEnd.fill(yesterday.replaceAll('-', '/'));
      await main.getByRole('button', { name: 'Passer la main', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirmer la passation' }).click();

      // The list is read again after the handover: refused, the app hides the admin menu without a reload.
      await page.getByText('Accès refusé\u00a0: un accès administrateur est requis pour consulter cette page.').waitFor({ timeout: 20_000 });
      await expect.poll(() => adminLinks.count()).toBe(0);
      const api = await fetch(`${stack.appUrl}/api/admin/settings`, { headers: { Authorization: `Bearer ${token}` } });
      expect(api.status).toBe(403);
      expect((await rolesOf(outgoing)).map((r) => r.until)).toEqual([yesterday]);
      await page.reload();
      await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBeTruthy();
      expect(await adminLinks.count()).toBe(0);
      await context.close();

      // The incoming member signs in: the admin menu is there at once.
      const theirs = await contextIn(() => session.newContext('desktop'), 'fr');
      const second = await theirs.newPage();
      await second.goto(`${stack.appUrl}/auth?redirect=%2Fadmin`);
      await signInWith(second, 'fr', incomingEmail, PASSWORD);
      await expectAt(second, '/admin');
      await expect.poll(() => h1(second).textContent(), { timeout: 15_000 }).toBe('Administration');
      await expect.poll(() => second.locator(sideNav.findLinkByHref('/admin/roles').toSelector()).count()).toBe(1);
      await theirs.close();
    } finally {
      await endRoles(incomingEmail, undefined, SYSTEM).catch(() => undefined);
      await deletePerson('STAFF', incoming.id, { version: incoming.version, confirm: 'confirm' }, { actor: SYSTEM, now: new Date() }).catch(() => undefined);
    }
  });
});

describe('the school settings (en, 375 px)', () => {
  it('a new school name shows on the home page', async () => {
    const admin = await administrator('settings-en');
    const before = (await getSettings())!;
    const name = `École Bois-Joli ${ulid().slice(-4)}`;
    try {
      const context = await contextIn(() => session.newContext('mobile'), 'en');
      const page = await context.newPage();
      await page.goto(`${stack.appUrl}/auth?redirect=%2Fadmin%2Fsettings`);
      await signInWith(page, 'en', admin, PASSWORD);
      await expectAt(page, '/admin/settings');
      await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('School settings');
      const main = page.getByRole('main');
      await main.getByLabel('School name', { exact: true }).fill(name);
      await main.getByText('Unsaved changes.').waitFor();
      await main.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('School settings saved. The home page shows them already.').waitFor({ timeout: 15_000 });
      await page.goto(`${stack.appUrl}/`);
      await page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 20_000 });
      await context.close();
    } finally {
      const now = (await getSettings())!;
      await updateSettings({ ...settingsFormOf(now), schoolName: before.schoolName, version: now.version }, SYSTEM);
    }
  });
});
