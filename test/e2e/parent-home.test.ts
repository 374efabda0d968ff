import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { idTokenFor } from '../../local/sign-in';
import { DirectoryResponseSchema, type DirectoryResponse } from '@shared/contracts/directory-api';
import { openBrowser, trackPageErrors, VIEWPORTS, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { contextIn, demoAccount, expectAt, h1, signedInContext, signInWith } from './auth-support';
import { followInApp } from './client-navigation';

/**
 * A parent's first minutes (issue 31, items 3 to 6), signed in as the demo parent in Chromium: in French on a
 * 375 px phone and in English at 1,440 px. The home starts with their children; a classmate's parent is one tap
 * from the class page, with call and text actions; the ⓘ button opens the help page and no debug panel is offered;
 * the browser's install prompt (a synthetic `beforeinstallprompt`) is offered once, and an iPhone gets the Share
 * steps. Unit-level rules: test/frontend/help-and-diagnostics.test.tsx.
 */
const stack = useStack();
const parent = demoAccount(stack, 'parent');

const TEXTS = {
  fr: {
    viewport: 'mobile',
    home: 'Tableau de bord',
    myChildren: 'Mes enfants',
    quickSearch: 'Recherche rapide',
    statistics: 'Statistiques',
    card: (name: string) => `Fiche de contact\u00a0: ${name}`,
    call: (name: string) => `Appeler ${name}`,
    text: (name: string) => `Envoyer un texto à ${name}`,
    close: 'Fermer',
    help: 'Aide',
    helpPath: '/aide',
    registerTopic: "Qui peut s'inscrire, et pourquoi",
    debug: 'Informations de débogage',
    installTitle: 'Installer le bottin sur cet appareil',
    install: 'Installer',
    notNow: "Ne plus proposer l'installation",
    iphoneSteps: "«\u00a0Sur l'écran d'accueil\u00a0»",
  },
  en: {
    viewport: 'desktop',
    home: 'Dashboard',
    myChildren: 'My children',
    quickSearch: 'Quick search',
    statistics: 'Statistics',
    card: (name: string) => `Contact card: ${name}`,
    call: (name: string) => `Call ${name}`,
    text: (name: string) => `Text ${name}`,
    close: 'Close',
    help: 'Help',
    helpPath: '/help',
    registerTopic: 'Who may register, and why',
    debug: 'Debug information',
    installTitle: 'Install the directory on this device',
    install: 'Install',
    notNow: "Don't offer to install again",
    iphoneSteps: '“Add to Home Screen”',
  },
} as const;

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let session: BrowserSession;
let directory: DirectoryResponse;

beforeAll(async () => {
  session = await openBrowser();
  directory = await parentsDirectory();
});
afterAll(async () => {
  await session?.close();
});

/** GET /api/directory as the demo parent receives it: already filtered by the server's visibility rule. */
async function parentsDirectory(): Promise<DirectoryResponse> {
  const token = await idTokenFor(stack, parent.email, parent.password);
  const response = await fetch(`${stack.appUrl}/api/directory`, { headers: { Authorization: `Bearer ${token}` } });
  return DirectoryResponseSchema.parse(await response.json());
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** The demo parent's children and, in the first one's class, another family's parent whose phone this parent sees. */
function family() {
  const me = directory.parents.find((p) => p.email === parent.email)!;
  const children = me.childIndexes.map((s) => directory.students[s]!);
  const child = children.find((student) => student.classIndex !== undefined)!;
  const schoolClass = directory.classes[child.classIndex!]!;
  const classmates = directory.students.flatMap((student, s) => (student.classIndex === child.classIndex ? [s] : []));
  const classmateParent = directory.parents.find(
    (p) => p !== me && p.phone && p.childIndexes.some((s) => classmates.includes(s)) && !me.childIndexes.some((s) => p.childIndexes.includes(s)),
  )!;
  return { children, schoolClass, classmateParent };
}

/** The top of an element on the page, to compare the order sections are shown in. */
const top = async (page: Page, name: string) => (await page.getByRole('heading', { name, exact: true }).first().boundingBox())!.y;

/** A synthetic `beforeinstallprompt`, as Chromium fires it; `prompt()` records that the app called it. */
const FIRE_INSTALL_PROMPT = `(() => {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  event.prompt = () => { window.__installPrompted = true; return Promise.resolve(); };
  event.userChoice = Promise.resolve({ outcome: 'accepted' });
  window.dispatchEvent(event);
})()`;

describe.each(['fr', 'en'] as const)("a parent's first minutes (%s)", (locale) => {
  const text = TEXTS[locale];

  it('home starts with my children, a classmate\'s parent is one tap away, ⓘ opens help, the install is offered once', async () => {
    const { children, schoolClass, classmateParent } = family();
    expect(children.length).toBeGreaterThan(0);
    expect(classmateParent).toBeDefined();
    const context = await contextIn(() => session.newContext(text.viewport), locale);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const meReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me') meReads.push(request.method());
    });
    await page.goto(`${stack.appUrl}/auth`);
    await signInWith(page, locale, parent.email, parent.password);
    await expect.poll(() => h1(page).textContent(), { timeout: 30_000 }).toBe(text.home);

    // My children first, each with their class; the school's statistics below.
    const mine = page.getByRole('region', { name: text.myChildren });
    await mine.waitFor();
    for (const child of children) await mine.getByRole('heading', { name: fullName(child), exact: true }).waitFor();
    // One GET /api/me from the sign-in to the home page shown (the auth store's, shared with the page's readers).
    expect(meReads).toEqual(['GET']);
    expect(await top(page, text.myChildren)).toBeLessThan(await top(page, text.quickSearch));
    expect(await top(page, text.quickSearch)).toBeLessThan(await top(page, text.statistics));
    expect(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);

    // One tap to the class, opened; a classmate's parent's name opens their card with call and text actions.
    await mine.getByRole('link', { name: new RegExp(`^${schoolClass.name} \\(`) }).first().click();
    await expectAt(page, `/classes?class=${encodeURIComponent(schoolClass.code)}`);
    const name = fullName(classmateParent);
    const dialog = page.getByRole('dialog');
    // A click that lands while the class's rows render again (their data settling) opens nothing: click again.
    await vi.waitFor(
      async () => {
        if (await dialog.getByRole('heading', { name }).isVisible()) return;
        await page.getByRole('button', { name: text.card(name) }).first().click({ timeout: 10_000 });
        await dialog.getByRole('heading', { name }).waitFor({ timeout: 10_000 });
      },
      { timeout: 45_000, interval: 500 },
    );
    expect(await dialog.getByRole('link', { name: text.call(name) }).getAttribute('href')).toBe(`tel:+1${classmateParent.phone}`);
    expect(await dialog.getByRole('link', { name: text.text(name) }).getAttribute('href')).toBe(`sms:+1${classmateParent.phone}`);
    if (classmateParent.email) expect(await dialog.locator(`a[href="mailto:${classmateParent.email}"]`).count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: text.close, exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // Help, not debug: no diagnostics for a parent, and the ⓘ button opens the help page.
    expect(await page.locator('#app-footer').getByRole('button', { name: text.debug }).count()).toBe(0);
    await page.getByRole('button', { name: text.help, exact: true }).first().click();
    await expectAt(page, text.helpPath);
    await page.getByRole('heading', { level: 2, name: text.registerTopic }).waitFor();

    // The browser says the app can be installed: offered on the home page only (a trial: on every page it took a
    // quarter of a phone's screen), once; installing asks the browser and is remembered.
    await page.evaluate(FIRE_INSTALL_PROMPT);
    const offer = page.getByText(text.installTitle);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    expect(await offer.count()).toBe(0);
    await followInApp(page, '/');
    await offer.waitFor();
    // Not stuck at the top of the screen: the page scrolls it away.
    const stuck = `[...document.querySelectorAll('*')].some((e) => getComputedStyle(e).position === 'sticky' && e.textContent.includes(${JSON.stringify(text.installTitle)}))`;
    expect(await page.evaluate(stuck)).toBe(false);
    await page.getByRole('button', { name: text.install, exact: true }).first().click();
    await expect.poll(() => page.evaluate('window.__installPrompted === true')).toBe(true);
    await offer.waitFor({ state: 'detached' });
    expect(await page.evaluate("localStorage.getItem('install-offer')")).toBe('installed');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the install offer on an iPhone (fr, 375 px)', () => {
  const locale = 'fr';
  const text = TEXTS.fr;

  it("gives the Share steps, and 'not now' is remembered", async () => {
    // An iPhone's browser, already signed in (signedInContext: the sign-in form is the cases above's subject).
    const iphone = {
      newContext: (_viewport?: unknown, storageState?: Parameters<BrowserSession['newContext']>[1]) =>
        session.browser.newContext({
          viewport: VIEWPORTS.mobile,
          userAgent: IPHONE_UA,
          locale: 'fr-CA',
          reducedMotion: 'reduce',
          serviceWorkers: 'block',
          ...(storageState ? { storageState } : {}),
        }),
    };
    const context = await signedInContext(iphone, stack, parent, locale, 'mobile');
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/`);
    await expect.poll(() => h1(page).textContent(), { timeout: 30_000 }).toBe(text.home);
    const steps = page.getByText(text.iphoneSteps);
    await steps.waitFor();
    await page.getByRole('button', { name: text.notNow }).click();
    await steps.waitFor({ state: 'detached' });
    await page.reload();
    await expect.poll(() => h1(page).textContent(), { timeout: 30_000 }).toBe(text.home);
    await page.getByRole('region', { name: text.myChildren }).waitFor();
    expect(await page.getByText(text.iphoneSteps).count()).toBe(0);
    await context.close();
  });
});
