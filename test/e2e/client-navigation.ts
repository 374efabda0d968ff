import type { Page } from 'playwright-core';

/**
 * Moves a page of the app to `path` as the app's own links do (history push, then popstate for the router), without
 * reloading the app: far cheaper than page.goto in a journey that visits many screens. Waits until the heading
 * that was on screen has gone; a screen that keeps its heading, or does not change within 15 s, is loaded in full.
 */
export async function navigateInApp(page: Page, appUrl: string, path: string): Promise<void> {
  await page.evaluate(`for (const h of document.querySelectorAll('main h1')) h.setAttribute('data-previous-screen', '')`);
  await followInApp(page, path);
  try {
    // A locator's wait, not waitForFunction: a string predicate is evaluated with eval, which the app's Content
    // Security Policy refuses unless the session bypasses it (that refusal sent every call to the full load below).
    await page.locator('main h1[data-previous-screen]').first().waitFor({ state: 'detached', timeout: 15_000 });
  } catch {
    await page.goto(`${appUrl}${path}`);
  }
}

/**
 * Follows a link inside the app (history push, then popstate for the router) and returns at once: the caller waits
 * for what the new screen shows (navigateInApp waits for the previous screen's heading to go).
 */
export async function followInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`window.history.pushState(null, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'))`);
}
