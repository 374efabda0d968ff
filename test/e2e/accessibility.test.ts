import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type ViewportName } from '../support/browser';
import { useStack } from '../support/stack';
import { contextIn, demoAccount, h1, signInWith, warmUp } from './auth-support';

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
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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

const LOADING = /Chargement|Loading/;

/**
 * Findings in Cloudscape's own markup that our code cannot change, each with its reason (docs/decisions.md):
 * - AppLayout's phone toolbar renders `<nav aria-orientation="horizontal">`; `aria-orientation` is not allowed on
 *   a navigation landmark, and screen readers ignore it there (no effect on use).
 */
const KNOWN_THIRD_PARTY = [{ rule: 'aria-allowed-attr', node: 'awsui_mobile-toolbar-nav' }];

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

async function serious(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(
    `window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
       id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' ' + n.html.slice(0, 200)),
     })))`,
  )) as Finding[];
  return result
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((node) => !KNOWN_THIRD_PARTY.some((k) => k.rule === v.id && node.includes(k.node))) }))
    .filter((v) => v.nodes.length > 0);
}

/** Waits until the page shows its heading and no loading indicator is left in the main region. */
async function settled(page: Page): Promise<void> {
  await h1(page).first().waitFor({ timeout: 60_000 });
  await expect
    .poll(async () => LOADING.test((await page.locator('main').first().innerText().catch(() => '')) ?? ''), {
      timeout: 30_000,
    })
    .toBe(false);
}

let session: BrowserSession;
beforeAll(async () => {
  session = await openBrowser();
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

async function visitorContext(visitor: Visitor, locale: Locale, viewport: ViewportName): Promise<BrowserContext> {
  const context = await contextIn(() => session.newContext(viewport), locale);
  if (visitor === 'anonymous') return context;
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}/auth`);
  const account = demoAccount(stack, visitor);
  await signInWith(page, locale, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  await page.close();
  return context;
}

const CASES: { locale: Locale; viewport: ViewportName }[] = [
  { locale: 'fr', viewport: 'mobile' },
  { locale: 'fr', viewport: 'desktop' },
  { locale: 'en', viewport: 'mobile' },
  { locale: 'en', viewport: 'desktop' },
];

describe.each(CASES)('accessibility ($locale, $viewport)', ({ locale, viewport }) => {
  it('has no serious or critical axe violation on any screen', { timeout: 400_000 }, async () => {
    const failures: Record<string, Finding[]> = {};
    const checked: string[] = [];
    for (const visitor of ['anonymous', 'parent', 'admin'] as const) {
      const paths = [
        ...APP_ROUTES.filter((route) => visitorOf(route) === visitor).map(concretePath),
        ...EXTRA_PATHS[visitor],
      ];
      const context = await visitorContext(visitor, locale, viewport);
      const page = await context.newPage();
      try {
        for (const path of paths) {
          await page.goto(`${stack.appUrl}${path}`);
          await settled(page);
          expect(await page.evaluate('document.documentElement.lang')).toBe(locale);
          const found = await serious(page);
          if (found.length > 0) failures[`${visitor} ${path}`] = found;
          checked.push(path);
        }
      } finally {
        await context.close();
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(APP_ROUTES.length);
    expect(failures).toEqual({});
  });
});

/** Presses Tab until the focused element matches `selector` (at most `max` presses); fails otherwise. */
async function tabTo(page: Page, selector: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(`!!document.activeElement && document.activeElement.matches(${JSON.stringify(selector)})`)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

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

      await tabTo(page, 'nav a[href="/parents"]', 80);
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
