import type { Page } from 'playwright-core';

/**
 * Moves a page of the app to `path` as the app's own links do (history push, then popstate for the router), without
 * reloading the app: far cheaper than page.goto in a journey that visits many screens. Waits until the heading
 * that was on screen has gone; a screen that keeps its heading, or does not change within 15 s, is loaded in full.
 */
export async function navigateInApp(page: Page, appUrl: string, path: string): Promise<void> {
  await page.evaluate(
    `(() => {
      for (const h of document.querySelectorAll('main h1')) h.setAttribute('data-previous-screen', '');
      window.history.pushState(null, '', ${JSON.stringify(path)});
      window.dispatchEvent(new PopStateEvent('popstate'));
    })()`,
  );
  try {
    await page.waitForFunction(`!document.querySelector('main h1[data-previous-screen]')`, undefined, { timeout: 15_000 });
  } catch {
    await page.goto(`${appUrl}${path}`);
  }
}
