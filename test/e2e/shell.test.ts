import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';

const stack = useStack();
const layout = createWrapper().findAppLayout();
// /about is open to everyone, so this journey stays valid once the auth guards protect the directory pages.
const ABOUT = `${stack.appUrl}/about`;

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
});
afterAll(async () => {
  await session?.close();
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

describe('app shell in Chromium', () => {
  it('starts in French with the navigation open at 1440 px, applies a chosen theme and its dark variant, switches to English with the selector, and keeps both after a reload', async () => {
    const page = await session.newPage('desktop');
    const errors = trackPageErrors(page);

    await page.goto(ABOUT);
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('À propos');
    expect(await htmlLang(page)).toBe('fr');
    expect(await page.title()).toBe("À propos · Bottin de l'école");
    expect(await page.locator(layout.findOpenNavigationPanel().toSelector()).count()).toBe(1);

    const linkColour = () => page.evaluate(`getComputedStyle(document.querySelector('#app-footer a[href^="mailto:"]')).color`);
    // academicExcellence (default): navy links.
    await expect.poll(() => linkColour(), { timeout: 15_000 }).toBe('rgb(29, 78, 137)');
    await page.getByRole('button', { name: 'Thème' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Carrefour du savoir (vert sarcelle), sombre' }).click();
    await expect.poll(() => page.evaluate('document.body.classList.contains("awsui-dark-mode")')).toBe(true);
    await expect.poll(() => linkColour(), { timeout: 15_000 }).toBe('rgb(95, 211, 195)');

    await page.getByRole('button', { name: 'Switch to English' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('About');
    expect(await htmlLang(page)).toBe('en');
    expect(await page.evaluate('window.localStorage.getItem("locale")')).toBe('en');

    // One reload: the language and the theme are both remembered.
    await page.reload();
    await expect.poll(() => h1(page).textContent()).toBe('About');
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByRole('button', { name: 'Passer au français' }).count()).toBe(1);
    await expect.poll(() => linkColour(), { timeout: 15_000 }).toBe('rgb(95, 211, 195)');
    expect(await page.evaluate('window.localStorage.getItem("theme")')).toBe('knowledgeHub-dark');

    // The contact link comes from the /config.json the local stack wrote.
    expect(await page.getByRole('link', { name: /^Contact us: write to the parent committee \(/ }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the navigation closed on a 375 px phone and opens it on demand', async () => {
    const context = await session.newContext('mobile');
    const page = await context.newPage();
    await page.goto(ABOUT);
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('À propos');

    expect(await page.locator(layout.findOpenNavigationPanel().toSelector()).count()).toBe(0);
    const toggle = page.locator(layout.findNavigationToggle().toSelector());
    await toggle.click();
    await expect.poll(() => page.locator(layout.findOpenNavigationPanel().toSelector()).count()).toBe(1);

    // Following a link closes the drawer again on a phone.
    await page.locator(createWrapper().findSideNavigation().findLinkByHref('/about').toSelector()).click();
    await expect.poll(() => page.locator(layout.findOpenNavigationPanel().toSelector()).count()).toBe(0);
    await context.close();
  });

  it('reloads once when a page chunk fails to load, then only logs and shows the error (docs/product-rules.md)', async () => {
    // Only open pages fail here, so the journey holds once the auth guards send visitors to /auth.
    const context = await session.newContext('desktop');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    let documentLoads = 0;
    page.on('load', () => documentLoads++);
    await page.goto(`${stack.appUrl}/no-such-page`);
    await expect.poll(() => h1(page).textContent()).toBe('Page introuvable');

    // A deployment replaced the chunks: the About page's file is gone for this tab.
    await page.route('**/assets/about-page-*.js', (route) => route.abort());
    await page.locator('#app-footer').getByRole('link', { name: 'À propos' }).click();

    await page.getByText("Cette page n'a pas pu être chargée").waitFor();
    expect(documentLoads).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(errors.some((e) => e.includes('A page failed to load even after a reload'))).toBe(true);
    expect(await page.evaluate('localStorage.getItem("lazy-reload-attempted")')).not.toBeNull();

    // The next navigation that works clears the mark, without another reload.
    await page.unroute('**/assets/about-page-*.js');
    await page.locator(createWrapper().findSideNavigation().findLinkByHref('/classes').toSelector()).click();
    await expect.poll(() => page.evaluate('localStorage.getItem("lazy-reload-attempted")')).toBeNull();
    await expect.poll(() => page.getByText("Cette page n'a pas pu être chargée").count()).toBe(0);
    expect(documentLoads).toBe(2);
    await context.close();
  });
});
