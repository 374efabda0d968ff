import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import { endRoles, grantRole } from '../../lambdas/registry/admin-roles';
import { idTokenFor } from '../../local/sign-in';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import { registerPerson, uniqueEmail } from '../lambdas/auth-support';
import { openBrowser, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { contextIn, createAccount, expectAt, h1, signInWith, warmUp } from './auth-support';

/**
 * Administrator access follows the role in the table, request by request (docs/auth.md): in Chromium, in French
 * at 1440 px, an administrator whose role is back-dated to end yesterday gets 403 on the next admin request and
 * loses the admin menu, without signing out or waiting for their tokens to expire.
 */
const stack = useStack();
const sideNav = createWrapper().findSideNavigation();
const PASSWORD = 'Admin2026';
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

describe('an administrator whose role ends (fr, 1440 px)', () => {
  it('loses access at their next request: 403 on an admin route, and the admin menu disappears', async () => {
    const email = uniqueEmail('role-ends');
    await registerPerson(email, 'STAFF', 'Responsable Bottin');
    await createAccount(stack, email, PASSWORD, true);
    await grantRole({ email, from: addDays(schoolDay(), -100), title: 'Responsable du bottin 2025-2026' }, { kind: 'system', id: 'test' });
    const context = await contextIn(() => session.newContext('desktop'), 'fr');
    const page = await context.newPage();
    const adminLinks = page.locator(sideNav.findLinkByHref('/admin/annual-update').toSelector());

    const answered = (path: string) => page.waitForResponse((response) => new URL(response.url()).pathname === path);
    const adminPageReads = Promise.all([answered('/api/admin/annual-update'), answered('/api/admin/progression')]);
    await page.goto(`${stack.appUrl}/auth?redirect=%2Fadmin`);
    await signInWith(page, 'fr', email, PASSWORD);
    await expectAt(page, '/admin');
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('Administration');
    await expect.poll(() => adminLinks.count()).toBe(1);
    const token = await idTokenFor(stack, email, PASSWORD);
    // The Administration page's own reads (campaign, progression) must be answered before the role ends, or
    // their 403 would remove the menu before the click below.
    await adminPageReads;
    // And every other read of the page (the cards' counts of answers to review, requests, messages): one answered
    // after the role ends would remove the menu first (a clean run's click waited 30 s for a link already gone).
    await page.waitForLoadState('networkidle');

    // The demo administrator stays, so this is not the last administrator.
    await endRoles(email, addDays(schoolDay(), -1), { kind: 'system', id: 'test' });
    const api = await fetch(`${stack.appUrl}/api/admin/annual-update`, { headers: { Authorization: `Bearer ${token}` } });
    await adminLinks.click();

    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: { code: 'FORBIDDEN' } });
    await page.getByText('Accès refusé\u00a0: un accès administrateur est requis pour consulter cette page.').waitFor();
    await expect.poll(() => adminLinks.count()).toBe(0);
    // A fresh load asks GET /api/me, which now says no.
    await page.goto(`${stack.appUrl}/classes`);
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('Classes');
    expect(await adminLinks.count()).toBe(0);
    await context.close();
  });
});
