import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type ViewportName } from '../support/browser';
import { seriousFindings as serious, type Finding } from '../support/axe';
import { useStack } from '../support/stack';
import { PRE_PAINTED } from '../../frontend/src/features/auth/pages/pre-painted-ids';
import { contextIn, demoAccount, entryScriptPath, h1, signedInContext, warmUp } from './auth-support';
import { tabTo } from './keyboard-support';
import { navigateInApp } from './client-navigation';
import fr from '../../frontend/src/i18n/fr.json';

/**
 * axe-core in Chromium on every screen of the route table (frontend/src/app/routes.ts), in French and English,
 * at 375 px and 1440 px: no serious or critical violation. Each screen is opened by the person who normally
 * sees it: admin pages by the demo admin, the directory by the demo parent, open pages signed out. A route added
 * to the table is checked the moment it exists.
 */
/** The route table's shape, without its page imports (the root tsconfig does not compile the frontend's TSX). */
interface AppRoute {
  path: string;
  guard: 'protected' | 'open' | 'auth';
  adminOnly?: boolean;
}
const ROUTES_MODULE = '../../frontend/src/app/routes';
const { APP_ROUTES } = (await import(/* @vite-ignore */ ROUTES_MODULE)) as { APP_ROUTES: readonly AppRoute[] };

const stack = useStack();

type Locale = 'fr' | 'en';
type Visitor = 'anonymous' | 'parent' | 'admin';

const visitorOf = (route: AppRoute): Visitor =>
  route.adminOnly ? 'admin' : route.guard === 'protected' ? 'parent' : 'anonymous';

/** A concrete address for a route pattern: an unknown update link shows its error page, `*` the 404 page. */
function concretePath(route: AppRoute): string {
  if (route.path === '*') return '/page-qui-n-existe-pas';
  return route.path.replace(':token', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
}

/** The sign-in page's other two forms are separate screens for a visitor. */
const EXTRA_PATHS: Record<Visitor, string[]> = {
  anonymous: ['/auth?mode=register', '/auth?mode=reset'],
  parent: [],
  admin: [],
};

/**
 * Screens shown in their address's language whatever the visitor's (a paper letter's code page: the letter names
 * the address of its language, docs/frontend.md; an update link at its French address). The app keeps that language
 * on the screens that follow inside it, so the screen after one of these is loaded in full, which shows the
 * visitor's own language again.
 */
const ADDRESS_LANGUAGE: Record<string, Locale> = {
  '/mise-a-jour/code': 'fr',
  '/update/code': 'en',
  // An update link at its French address (without `?lang=`): its error page, in French.
  [concretePath({ path: '/mise-a-jour/:token', guard: 'open' })]: 'fr',
};

const LOADING = /Chargement|Loading/;

/**
 * Every key of the translation files: a screen that shows one as text lacks its strings (i18next shows the key),
 * e.g. a route whose `strings` in frontend/src/app/routes.ts leaves out a group it uses (i18n/string-groups.ts).
 */
function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
const TRANSLATION_KEYS = new Set(keysOf(fr));
const bareKeys = (text: string) => (text.match(/\b[a-z][a-zA-Z]*(?:\.[a-zA-Z]+)+\b/g) ?? []).filter((k) => TRANSLATION_KEYS.has(k));

/** Waits until the page shows its heading and no loading indicator is left in the main region. */
async function settled(page: Page): Promise<void> {
  await h1(page).first().waitFor({ timeout: 60_000 });
  await mainText(page, LOADING, true);
}

/**
 * Waits until the main region's text matches `pattern` (`absent`: until it no longer does). In the page, not with
 * expect.poll: the route cases run concurrently. Every 100 ms, not at every frame: innerText lays the page out, and
 * at each frame it cost the loading page 6 times the CPU (docs/testing.md). textContent (no layout) answers first:
 * innerText holds no text textContent lacks, so only when textContent matches is innerText read, to set aside
 * hidden text.
 */
function mainText(page: Page, pattern: RegExp, absent = false) {
  const shown = `((main) => !!main && ${pattern.toString()}.test(main.textContent) && ${pattern.toString()}.test(main.innerText))(document.querySelector('main'))`;
  return page.waitForFunction(`${absent ? '!' : ''}${shown}`, undefined, {
    timeout: 30_000,
    polling: 100,
  });
}

let session: BrowserSession;
/** Where the import states write their file (removed after the file's tests). */
let work: string;
beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'a11y-'));
  // axe-core and waitForFunction run code the page's Content-Security-Policy would refuse.
  session = await openBrowser({ bypassCSP: true });
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * The visitor's profile: a fresh one for an anonymous visitor; for the parent and the administrator, one signed in
 * once per visitor and language in this worker (signedInContext), later contexts starting from its saved storage.
 */
async function visitorContext(visitor: Visitor, locale: Locale, viewport: ViewportName): Promise<BrowserContext> {
  if (visitor === 'anonymous') return contextIn(() => session.newContext(viewport), locale);
  return signedInContext(session, stack, demoAccount(stack, visitor), locale, viewport);
}

/**
 * Opens `path` with an in-app navigation (history push, as the app's links do), without reloading the app or axe:
 * the screen as a person moving around the app sees it. The visitor's first screen, an address with a query (it
 * keeps its page mounted: the sign-in page's modes), a screen whose address sets its language (a person arrives there
 * from an email's link; moved to inside the app, its language followed the screen a moment late, and a loaded run
 * read the previous one), the screen after it, and a navigation whose new heading does not show in time, are loaded
 * in full instead.
 */
async function visit(page: Page, path: string): Promise<void> {
  const first = page.url() === 'about:blank';
  const afterAddressLanguage = !first && new URL(page.url()).pathname in ADDRESS_LANGUAGE;
  if (first || path.includes('?') || path in ADDRESS_LANGUAGE || afterAddressLanguage) {
    await page.goto(`${stack.appUrl}${path}`);
    return;
  }
  await navigateInApp(page, stack.appUrl, path);
}

/**
 * Each screen in both languages and at both widths, in two passes (French on a phone, English on a desktop): the
 * markup a language or a width changes is covered once each, at half the cost of the four combinations
 * (docs/decisions/two-test-workers-one-local-stack-per-worker.md, "Two test workers"). Both passes move from screen
 * to screen inside the app, as a person does (no reload of the app and of axe for each screen). The English pass
 * loaded every screen in full, which also found a route missing a string group (a screen showing bare keys until
 * the group loads); test/frontend/string-groups.test.ts proves from the source that each route declares every group
 * its screen and the modules it imports use, and the visitor's first screen here is still a full load of the built
 * app, with its groups fetched at run time.
 */
const CASES: { locale: Locale; viewport: ViewportName }[] = [
  { locale: 'fr', viewport: 'mobile' },
  { locale: 'en', viewport: 'desktop' },
];

// The cases share one Chromium and run at once: most of their time is spent waiting on page loads.
describe.concurrent.each(CASES)('accessibility ($locale, $viewport)', ({ locale, viewport }) => {
  it('has no serious or critical axe violation, and no bare translation key, on any screen and past the landing state of some', { timeout: 480_000 }, async () => {
    const failures: Record<string, Finding[]> = {};
    const untranslated: Record<string, string[]> = {};
    const checked: string[] = [];
    const statesChecked: string[] = [];
    const unreached: Record<string, string> = {};
    for (const visitor of ['anonymous', 'parent', 'admin'] as const) {
      const paths = [
        ...APP_ROUTES.filter((route) => visitorOf(route) === visitor).map(concretePath),
        ...EXTRA_PATHS[visitor],
      ];
      const context = await visitorContext(visitor, locale, viewport);
      const page = await context.newPage();
      try {
        for (const path of paths) {
          await visit(page, path);
          await settled(page);
          // An address with its own language shows the device's first, then switches once that language's strings
          // are in (a fast machine read the page before the switch): wait for it, then hold it.
          const lang = ADDRESS_LANGUAGE[path] ?? locale;
          await page.waitForFunction(`document.documentElement.lang === '${lang}'`, undefined, { timeout: 10_000, polling: 100 }).catch(() => undefined);
          expect(await page.evaluate('document.documentElement.lang')).toBe(lang);
          const found = await serious(page);
          if (found.length > 0) failures[`${visitor} ${path}`] = found;
          const keys = bareKeys(await page.locator('body').innerText());
          if (keys.length > 0) untranslated[`${visitor} ${path}`] = keys;
          checked.push(path);
          const past = PAST_LANDING[path];
          if (past?.visitor !== visitor) continue;
          // A state that cannot be reached is reported with the rest, not in place of the rest of the sweep.
          await past
            .reach(page, locale, async (state) => {
              const inState = await serious(page);
              if (inState.length > 0) failures[`${visitor} ${path} (${state})`] = inState;
              statesChecked.push(`${path} ${state}`);
            })
            .catch((error: unknown) => {
              unreached[`${visitor} ${path}`] = String(error).split('\n')[0]!;
            });
        }
      } finally {
        await context.close();
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(APP_ROUTES.length);
    expect(unreached).toEqual({});
    expect(statesChecked).toHaveLength(Object.values(PAST_LANDING).reduce((sum, p) => sum + p.states, 0));
    expect(failures).toEqual({});
    expect(untranslated).toEqual({});
  });
});

/** The labels the states below are reached by, in each language (frontend/src/i18n). */
const STATE_TEXT = {
  fr: {
    tab: { import: 'Importer', edit: 'Modifier', export: 'Exporter' },
    check: 'Vérifier les fichiers',
    apply: "Appliquer l'importation",
    editOne: /^Modifier /,
    cancel: 'Annuler',
    updateMine: 'Modifier mes renseignements',
    header: 'Clé;Prénom;Nom;Courriel;Téléphone',
  },
  en: {
    tab: { import: 'Import', edit: 'Edit', export: 'Export' },
    check: 'Check the files',
    apply: 'Apply the import',
    editOne: /^Edit /,
    cancel: 'Cancel',
    updateMine: 'Update my information',
    header: 'Key;First name;Last name;Email;Phone',
  },
} as const;

/** Scans the page as it stands and files its serious or critical findings under `name`. */
type StateCheck = (name: string) => Promise<void>;

/**
 * /admin/data past its landing state, without changing any data: an import checked by a dry run with errors in its
 * report, the search results, a parent's edit form opened then cancelled, the export.
 */
async function adminDataStates(page: Page, locale: Locale, check: StateCheck): Promise<void> {
  const text = STATE_TEXT[locale];
  // Import: one parents file whose email is wrong; the dry run's report lists the error (nothing is written).
  await page.getByRole('tab', { name: text.tab.import }).click();
  const file = path.join(mkdtempSync(path.join(work, 'files-')), 'parents.csv');
  writeFileSync(file, `${text.header}\r\nP-A11Y-1;Zoé;Zéphyrin;pas-un-courriel;514 555-0199\r\n`);
  await page.locator('input[type="file"]').setInputFiles(file);
  await check('import, file chosen');
  await page.getByRole('button', { name: text.check }).click();
  await page.getByRole('button', { name: text.apply }).waitFor({ timeout: 30_000 });
  await mainText(page, /pas-un-courriel/);
  await check('import, dry-run report');

  // Edit: search results, then a parent's form, cancelled without saving.
  await page.getByRole('tab', { name: text.tab.edit }).click();
  const search = page.getByRole('main').locator('input[type="search"]');
  await search.waitFor({ timeout: 30_000 });
  await search.fill('a');
  const editButtons = page.getByRole('main').getByRole('button', { name: text.editOne });
  await editButtons.first().waitFor({ timeout: 15_000 });
  await check('edit, search results');
  await editButtons.first().click();
  const cancel = page.getByRole('main').getByRole('button', { name: text.cancel, exact: true });
  await cancel.waitFor({ timeout: 15_000 });
  await check('edit, parent form');
  await cancel.click();
  await search.waitFor({ timeout: 15_000 });

  await page.getByRole('tab', { name: text.tab.export }).click();
  await mainText(page, LOADING, true);
  await check('export');
}

/** My Profile's edit form, opened then cancelled. */
async function profileEditState(page: Page, locale: Locale, check: StateCheck): Promise<void> {
  const text = STATE_TEXT[locale];
  await page.getByRole('button', { name: text.updateMine }).first().click();
  const cancel = page.getByRole('main').getByRole('button', { name: text.cancel, exact: true });
  await cancel.waitFor({ timeout: 30_000 });
  await mainText(page, LOADING, true);
  await check('my profile, edit form');
  await cancel.click();
  await page.getByRole('button', { name: text.updateMine }).first().waitFor({ timeout: 15_000 });
}

/**
 * Screens past their landing state, checked on the sweep's own visit of their screen (no second load of it, no
 * second signed-in profile), in both passes. The progression wizard and a campaign's participant history need a
 * started progression or campaign, which would change the shared stack: their journeys
 * (test/e2e/progression.test.ts, annual-update.test.ts) check them.
 */
const PAST_LANDING: Record<string, { visitor: Visitor; states: number; reach: (page: Page, locale: Locale, check: StateCheck) => Promise<void> }> = {
  '/admin/data': { visitor: 'admin', states: 5, reach: adminDataStates },
  '/profile': { visitor: 'parent', states: 1, reach: profileEditState },
};

describe('before the app runs', () => {
  it('has no serious or critical axe violation in the sign-in form index.html paints (fr and en, 375 px)', { timeout: 60_000 }, async () => {
    const entry = await entryScriptPath(stack.appUrl);
    const failures: Record<string, Finding[]> = {};
    for (const locale of ['fr', 'en'] as const) {
      const context = await contextIn(() => session.newContext('mobile'), locale);
      try {
        const page = await context.newPage();
        // The app's entry script never arrives: the page stays as index.html painted it.
        await page.route((url) => url.pathname === entry, (route) => route.abort());
        await page.goto(`${stack.appUrl}/auth?redirect=%2F`, { waitUntil: 'commit' });
        await page.locator(`#${PRE_PAINTED.rootId}`).getByRole('heading', { level: 1 }).waitFor();
        const found = await serious(page);
        if (found.length > 0) failures[locale] = found;
      } finally {
        await context.close();
      }
    }
    expect(failures).toEqual({});
  });
});

describe('keyboard only', () => {
  it('signs in, opens Parents from the navigation and finds François by typing, without a mouse', async () => {
    const context = await contextIn(() => session.newContext('desktop'), 'fr');
    const page = await context.newPage();
    try {
      await page.goto(`${stack.appUrl}/auth`);
      await settled(page);
      const parent = demoAccount(stack, 'parent');
      await tabTo(page, 'main input[type="email"], main input[autocomplete="username"]');
      await page.keyboard.type(parent.email);
      await tabTo(page, 'main input[type="password"]');
      await page.keyboard.type(parent.password);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
      await settled(page);

      await tabTo(page, 'nav a[href="/parents"]', { max: 80 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/parents', { timeout: 30_000 });
      await settled(page);
      await tabTo(page, 'main input[type="search"], main input[type="text"]');
      const before = await page.locator('main').innerText();
      await page.keyboard.type('francois');
      expect(await page.evaluate('document.activeElement.value')).toBe('francois');
      await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).not.toBe(before);
      await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toMatch(/François/);
    } finally {
      await context.close();
    }
  });
});
