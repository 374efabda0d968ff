import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Chromium for journey tests. The system Chromium only: a browser download would need the internet and would
 * drift from the one CI installs with apt. Each browser context is a fresh profile of its own (Playwright's
 * incognito-like contexts), so no cookie, localStorage or cache leaks between contexts, runs or files.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, from the same Chromium source and version as the
 * browser: the same Blink, V8 and network stack, without the browser's own UI layer, as Playwright's default
 * headless mode). The journeys run in it: the same screens cost about a third of the CPU of the full browser in
 * its headless mode (a sign-in and ten screens: 14.7 against 41.1 CPU s, docs/testing.md "Fourth pass"), on a
 * machine whose test run is CPU-bound. Where it is not installed, the journeys use the full browser. The
 * benches keep the full browser (outside vitest), so that their figures compare with earlier runs.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  /** A phone: below every layout breakpoint, navigation drawer closed. */
  mobile: { width: 375, height: 812 },
  /** A laptop: above 1280 px, navigation open. */
  desktop: { width: 1440, height: 900 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;
export type Viewport = ViewportName | { width: number; height: number };

export interface BrowserSession {
  browser: Browser;
  /** The default context; pages in it share cookies and localStorage (one person's browser). */
  context: BrowserContext;
  /** A page in the default context at the given viewport (desktop unless told). */
  newPage: (viewport?: Viewport) => Promise<Page>;
  /**
   * Another isolated browser profile in the same Chromium, e.g. a second person in the same test; `storageState`
   * (cookies and localStorage saved from another context) starts it as that person, already signed in.
   */
  newContext: (viewport?: Viewport, storageState?: BrowserContextOptions['storageState']) => Promise<BrowserContext>;
  close: () => Promise<void>;
}

const sizeOf = (viewport: Viewport) => (typeof viewport === 'string' ? VIEWPORTS[viewport] : viewport);

/**
 * The journeys' Chromium runs the app's JavaScript without V8's optimising compilers (Maglev and TurboFan; the
 * baseline Sparkplug code only): a test page lives for seconds, too short for optimised code to repay compiling it.
 * One file each, alone on the machine, whole-machine CPU: the accessibility sweep 140 -> 117 CPU s (Chromium 97 ->
 * 76), the printed directory's journey 47 -> 37 (its renderer 13 -> 6: pdf-lib and fontkit were being optimised),
 * docs/testing.md "Fifth pass". The benches keep the optimising compilers: they measure what a person's browser does.
 */
const JOURNEY_ARGS = ['--js-flags=--max-opt=1'];

const launch = (executablePath = CHROMIUM_PATH, journey = false) =>
  chromium.launch({ executablePath, args: journey ? [...CHROMIUM_ARGS, ...JOURNEY_ARGS] : CHROMIUM_ARGS, headless: true });

/** The Chromium the journeys run in: the headless shell when installed (.ci/run installs it), else the browser. */
const journeyChromium = (): string => (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/**
 * Inside a vitest worker (VITEST_POOL_ID), the journey files that worker runs one after another share one Chromium:
 * a launch costs about 2.6 CPU seconds (a third of them the first page), paid once per worker instead of once per
 * file (docs/testing.md). What a file sees stays its own: its contexts are fresh profiles (no cookie, storage or
 * cache shared between contexts) and its session's close() closes every context still open, so the next file
 * starts from none. Chromium ends with the worker's process. A crashed or closed Chromium is launched again.
 * Outside vitest (the benches), each session has a Chromium of its own, closed with the session.
 */
let workerBrowser: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const current = workerBrowser ? await workerBrowser.catch(() => undefined) : undefined;
  if (current?.isConnected()) return current;
  workerBrowser = launch(journeyChromium(), true);
  return workerBrowser;
}

export async function openBrowser(
  options: { viewport?: Viewport; locale?: string; bypassCSP?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserSession> {
  const shared = process.env.VITEST_POOL_ID !== undefined;
  const browser = shared ? await sharedBrowser() : await launch();
  const contextOptions = (viewport: Viewport) => ({
    viewport: sizeOf(viewport),
    // The browser's own language; the app must still default to French unless the user picks English.
    locale: options.locale ?? 'fr-CA',
    // Cloudscape then skips its animations (a flash message replaced by another slides the page for a moment,
    // and a click during the slide lands on whatever moved under the pointer); the app's own smooth scroll too.
    reducedMotion: 'reduce' as const,
    // Only for tests that evaluate their own code in the page (axe-core, waitForFunction): the CSP forbids eval.
    bypassCSP: options.bypassCSP ?? false,
    // The app's service worker precaches the whole build (~3.7 MB) in every new profile, and answers navigations
    // from its cache: only the installable-app journey (test/e2e/installable.test.ts) exercises it; the others
    // test the app as a first visit sees it, without the extra downloads.
    serviceWorkers: options.serviceWorkers ?? ('block' as const),
  });
  const newContext = (viewport: Viewport = options.viewport ?? 'desktop', storageState?: BrowserContextOptions['storageState']) =>
    browser.newContext({ ...contextOptions(viewport), ...(storageState ? { storageState } : {}) });
  const context = await newContext();

  return {
    browser,
    context,
    newContext,
    newPage: async (viewport) => {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(sizeOf(viewport));
      return page;
    },
    // Shared: every context open now is this file's (a worker runs one file at a time), made here or with browser.newContext.
    close: async () => {
      if (!shared) return browser.close();
      await Promise.all(browser.contexts().map((open) => open.close().catch(() => undefined)));
    },
  };
}

/** Collects uncaught page errors and console errors, so a journey can assert the app ran cleanly. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/**
 * Opens a Cloudscape select (its button's accessible name is its label then its value) and picks an option. A select
 * the page re-renders while its data arrives closes its list, so the open-and-pick is tried again until `timeoutMs`.
 */
export async function chooseOption(page: Page, select: RegExp, option: string, { exact = false, timeoutMs = 45_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const choice = page.getByRole('option', { name: option, exact }).first();
      if (!(await choice.isVisible())) await page.getByRole('button', { name: select }).first().click({ timeout: 10_000 });
      await choice.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.keyboard.press('Escape').catch(() => undefined);
    }
  }
}
