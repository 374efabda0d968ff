import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { generateSchool } from '../../local/demo/generate-school';
import { openBrowser, VIEWPORTS, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { PRE_PAINTED } from '../../frontend/src/features/auth/pages/pre-painted-ids';
import { followInApp } from './client-navigation';
import {
  SESSION_KEY_PREFIX,
  TEXT,
  contextIn,
  demoAccount,
  entryScriptPath,
  expectAt,
  h1,
  holdBack,
  sessionStorageOf,
  signInWith,
  where,
  warmUp,
} from './auth-support';

/**
 * Signing in and out in Chromium (docs/product-rules.md: guards, signing in and out, the admin check), in French and English,
 * with the seeded demo accounts (verified emails; the admin is in the `admins` group).
 */
const stack = useStack();
const sideNav = createWrapper().findSideNavigation();
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

/** The registry's name of a demo account's person, which GET /api/me hands to the header. */
function registryName(role: 'admin' | 'parent'): string {
  const school = generateSchool();
  const person = school.parents.find((p) => p.id === school.accounts[role].personId)!;
  return `${person.firstName} ${person.lastName}`;
}

const userMenu = (page: Page, name: string) => page.locator('#app-top-nav').getByRole('button', { name: new RegExp(name) });

const TEXTS = {
  fr: {
    redirectNotice: 'Connectez-vous pour accéder à la page demandée.',
    accessDenied: 'Accès refusé\u00a0: un accès administrateur est requis pour consulter cette page.',
    refreshAdmin: "Actualiser le statut d'administrateur",
    stillNotAdmin: "Votre compte n'a toujours pas l'accès administrateur.",
    admin: 'Administration',
    debug: 'Informations de débogage',
    help: 'Aide',
    debugSignedIn: 'Connecté',
    identityReachable: "Service d'identité joignable",
    yes: 'Oui',
  },
  en: {
    redirectNotice: 'Sign in to reach the page you asked for.',
    accessDenied: 'Access Denied: Administrative access required to view this page.',
    refreshAdmin: 'Refresh Admin Status',
    stillNotAdmin: 'Your account still does not have administrative access.',
    admin: 'Administration',
    debug: 'Debug information',
    help: 'Help',
    debugSignedIn: 'Signed in',
    identityReachable: 'Identity service reachable',
    yes: 'Yes',
  },
} as const;

describe.each(['fr', 'en'] as const)('sign-in and sign-out (%s)', (locale) => {
  const text = { ...TEXT[locale], ...TEXTS[locale] };

  // The work of three journeys (the painted form, the parent, the administrator): twice the default timeout.
  it("replaces the painted form in place, refuses a wrong password, signs in to /classes, denies /admin to a parent, signs out, and the admin signs in to /admin", { timeout: 240_000 }, async () => {
    const parent = demoAccount(stack, 'parent');
    const admin = demoAccount(stack, 'admin');
    // A phone first (the painted form is for a phone still downloading the app), then a laptop's width for the rest.
    const context = await contextIn(() => session.newContext('mobile'), locale);
    const page = await context.newPage();

    // 1. Nothing moves when the app's form replaces the one index.html paints. The heading, the notice, both
    // fields and the button, wherever they are (a script string: no DOM types here). Measured once the page's
    // style sheets and fonts are in. The page's style sheet blocks painting, not a script's layout query: with the
    // entry script held back, a clean run measured the painted form before its style sheet had arrived (the
    // heading at the body's default 8 px margin instead of 20 px), a frame no one ever sees.
    // (A signed-out visit to /classes is sent to this address: test/frontend/auth-guards.test.tsx, in the app's
    // router; the sign-out below meets the same guard in Chromium.)
    const release = await holdBack(page, await entryScriptPath(stack.appUrl));
    const boxes = () =>
      page.evaluate(`Promise.all([...document.querySelectorAll('link[rel=stylesheet]')].map((link) => link.sheet ? null
          : new Promise((resolve) => (link.addEventListener('load', resolve), link.addEventListener('error', resolve)))))
        .then(() => document.fonts.ready)
        .then(() => [...document.querySelectorAll('main h1, main p, input, main button[type=submit]')].map((element) => {
          const box = element.getBoundingClientRect();
          return [element.tagName, box.x, box.y, box.height];
        }))`) as Promise<[string, number, number, number][]>;
    await page.goto(`${stack.appUrl}/auth?redirect=%2Fclasses`, { waitUntil: 'commit' });
    const painted = page.locator(`#${PRE_PAINTED.rootId}`);
    await painted.getByText(text.redirectNotice).waitFor();
    const before = await boxes();
    release();
    await painted.waitFor({ state: 'detached' });
    await page.getByRole('main').getByText(text.redirectNotice).waitFor();
    // Within 2 px (a button's text is as wide as its face's rendering makes it).
    const after = await boxes();
    expect(after.map(([tag]) => tag)).toEqual(before.map(([tag]) => tag));
    after.forEach(([tag, ...numbers], i) =>
      numbers.forEach((value, j) => expect(Math.abs(value - (before[i]![j + 1] as number)), `${tag} ${['x', 'y', 'height'][j]}`).toBeLessThanOrEqual(2)),
    );
    await page.setViewportSize(VIEWPORTS.desktop);

    // 2. A wrong password is refused on the form; the right one returns to the page asked for.
    await signInWith(page, locale, parent.email, `${parent.password}x`);
    await page.getByText(text.incorrectPassword, { exact: true }).waitFor();
    expect(where(page)).toBe('/auth?redirect=%2Fclasses');

    await signInWith(page, locale, parent.email, parent.password);
    await expectAt(page, '/classes');
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe(text.classes);
    // The header names the person as the registry does (GET /api/me).
    const menu = userMenu(page, registryName('parent'));
    await menu.waitFor();
    // No admin entries for a parent.
    expect(await page.locator(sideNav.findLinkByHref('/admin').toSelector()).count()).toBe(0);
    // No diagnostics for a parent (docs/frontend.md, "Help, and diagnostics for administrators")...
    await page.locator('#app-footer').getByRole('link', { name: text.help }).waitFor();
    expect(await page.locator('#app-footer').getByRole('button', { name: text.debug }).count()).toBe(0);
    // ...unless the explicit switch is on: the debug panel then shows the auth state, and the forced token refresh
    // found the identity service reachable.
    await followInApp(page, '/classes?debug=1');
    await page.locator('#app-footer').getByRole('button', { name: text.debug }).click();
    const panel = page.locator(createWrapper().findAppLayout().findTools().toSelector());
    await panel.getByText(text.debugSignedIn, { exact: true }).waitFor();
    await expect
      .poll(() => panel.locator('dt', { hasText: text.identityReachable }).locator('xpath=following-sibling::dd[1]').textContent(), {
        timeout: 10_000,
      })
      .toBe(text.yes);

    // 3. /admin denies a parent, still after refreshing the tokens: the parent is not in the group.
    await followInApp(page, '/admin');
    await page.getByText(text.accessDenied).waitFor();
    await page.getByRole('button', { name: text.refreshAdmin }).click();
    await page.getByText(text.stillNotAdmin).waitFor();
    await followInApp(page, '/classes');
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe(text.classes);

    // 4. Sign out, from the help page (open to everyone, so no guard moves the person on): the sign-in page says
    // they signed out (not "sign in to reach the page you asked for"), as a member page's guard does.
    await followInApp(page, '/help');
    await expectAt(page, '/help');
    await menu.click();
    await page.getByRole('menuitem', { name: text.signOut }).click();
    await expectAt(page, '/auth?redirect=%2Fhelp&signedOut=1');
    await page.getByRole('main').getByText(text.signedOut).waitFor();
    expect(await page.getByRole('main').getByText(text.redirectNotice).count()).toBe(0);
    await page.locator('#app-top-nav').getByRole('link', { name: text.signIn }).waitFor();
    const storedKeys = (await page.evaluate('Object.keys(window.localStorage)')) as string[];
    expect(storedKeys.filter((key) => key.startsWith('CognitoIdentityServiceProvider') && key.endsWith('.idToken'))).toEqual([]);

    // 5. The administrator signs in on the same device: back to the redirect; then /auth sends the signed-in user on
    // to its redirect query, here the admin page, with its navigation, their name and the diagnostics.
    await signInWith(page, locale, admin.email, admin.password);
    await expectAt(page, '/help');
    await page.goto(`${stack.appUrl}/auth?redirect=%2Fadmin`);
    await expectAt(page, '/admin');
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe(text.admin);
    expect(await page.getByText(text.accessDenied).count()).toBe(0);
    expect(await page.locator(sideNav.findLinkByHref('/admin/annual-update').toSelector()).count()).toBe(1);
    await userMenu(page, registryName('admin')).waitFor();
    // Diagnostics are for administrators: the footer offers the debug panel without any switch.
    await page.locator('#app-footer').getByRole('button', { name: text.debug }).waitFor();
    // The form left the session where, and as, the other journeys' signed-in profiles have it (sessionStorageOf):
    // the same keys, the same user and sign-in details; only the tokens themselves differ.
    const stored = (await page.evaluate(
      `Object.entries(window.localStorage).filter(([key]) => key.startsWith(${JSON.stringify(SESSION_KEY_PREFIX)}))`,
    )) as [string, string][];
    const made = (await sessionStorageOf(stack, admin)).origins[0]!.localStorage.map(({ name, value }) => [name, value]);
    expect(stored.map(([key]) => key).sort()).toEqual(made.map(([key]) => key).sort());
    const untimed = (entries: string[][]) => entries.filter(([key]) => /\.(LastAuthUser|signInDetails)$/.test(key!)).sort();
    expect(untimed(stored)).toEqual(untimed(made));
    await context.close();
  });

  it('signs in with what was typed into the form index.html paints, before the app had run', async () => {
    const parent = demoAccount(stack, 'parent');
    // No stored language: French first; the English visitor switches on the painted form itself.
    const context = await session.newContext('mobile');
    const page = await context.newPage();
    // Held back until the form has been filled in and sent. French: the app's entry script (a phone still
    // downloading it). English: the configuration, so the app has started, and read the stored language (none:
    // French), before the visitor switches to English on the painted form; the app must follow.
    const release = await holdBack(page, locale === 'fr' ? await entryScriptPath(stack.appUrl) : '/config.json');

    // The page's load event waits for what is held; its DOMContentLoaded, for the app's entry to have run.
    await page.goto(`${stack.appUrl}/auth?redirect=%2Fclasses`, { waitUntil: locale === 'fr' ? 'commit' : 'domcontentloaded' });
    const painted = page.locator(`#${PRE_PAINTED.rootId}`);
    if (locale === 'en') {
      await painted.getByRole('button', { name: 'Switch to English' }).click();
    }
    await painted.getByText(text.redirectNotice).waitFor();
    await painted.getByLabel(text.email, { exact: true }).fill(parent.email);
    await painted.getByLabel(text.password, { exact: true }).fill(parent.password);
    await painted.getByLabel(text.password, { exact: true }).press('Enter');
    expect(await painted.getAttribute(PRE_PAINTED.pendingAttribute)).toBe('');

    release();
    // The app replaces the painted form, takes the address, the password and the sign-in asked for, in the language chosen.
    await expectAt(page, '/classes');
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe(text.classes);
    expect(await painted.count()).toBe(0);
    // English: the language the visitor chose on the painted form. French: none was chosen on this device, so the
    // app shows the language of the parent's profile, English for the demo parent (docs/product-rules.md, "Messages
    // and languages"); a French profile stays in French (test/frontend/profile-language.test.tsx).
    await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe('en');
    await userMenu(page, registryName('parent')).click();
    await page.getByRole('menuitem', { name: TEXT.en.signOut }).waitFor();
    await context.close();
  });
});
