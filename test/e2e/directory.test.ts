import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { generateSchool } from '../../local/demo/generate-school';
import { idTokenFor } from '../../local/sign-in';
import { DirectoryResponseSchema, type DirectoryResponse } from '@shared/contracts/directory-api';
import { formatPhone } from '@shared/format/phone';
import { openBrowser, trackPageErrors, VIEWPORTS, type BrowserSession, type ViewportName } from '../support/browser';
import { useStack } from '../support/stack';
import { signedInContext as signedInProfile } from './auth-support';
import { followInApp } from './client-navigation';

/**
 * Directory journeys in Chromium on the local demo school, signed in as the demo parent (the /auth form once per
 * worker and language, test/e2e/auth-support.ts): every screen in French and English at 375 px and 1440 px (one browser per language, resized), accent-free search, shareable search URLs,
 * and what limited and name-only parents hide, in the UI and in the raw API response.
 */
const stack = useStack();
const school = generateSchool(); // the stack seeds this exact school (deterministic generator)
const parentAccount = stack.demoAccounts.find((a) => a.role === 'parent')!;

const SCREENS = {
  fr: { '/': 'Tableau de bord', '/classes': 'Classes', '/students': 'Élèves', '/parents': 'Parents', '/staff': 'Personnel', '/committees': 'Comités', '/profile': 'Mon profil' },
  en: { '/': 'Dashboard', '/classes': 'Classes', '/students': 'Students', '/parents': 'Parents', '/staff': 'Staff', '/committees': 'Committees', '/profile': 'My profile' },
} as const;
type Language = keyof typeof SCREENS;

let session: BrowserSession;
beforeAll(async () => {
  session = await openBrowser();
});
afterAll(async () => {
  await session?.close();
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
/** Page loads and the first directory read take seconds on a cold local stack; vitest's poll default is 1 s. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });
/** The directory's and the profile's loading indicators, in both languages. */
const LOADING = /Chargement|Loading/;
/** Per-list load errors, the stale-copy warning and the profile's load error, in both languages. */
const LOAD_FAILED = /Impossible de charger|could not be loaded|pas pu être actualisé|could not be refreshed/;
/** How far the page scrolls sideways (the root tsconfig has no DOM types: the expression is a string). */
const horizontalOverflow = async (page: Page) =>
  Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
/**
 * Page-number lists whose items break onto a second line (at 375 px Cloudscape's nine numbers pushed the "next"
 * arrow under them): a list of short items (numbers, arrows, "…") with buttons, not all on one line.
 */
const wrappedPagers = async (page: Page) =>
  Number(
    await page.evaluate(`[...document.querySelectorAll('ul')]
      .map((list) => [...list.children])
      .filter((items) => items.filter((item) => item.querySelector('button')).length >= 2)
      .filter((items) => items.every((item) => (item.textContent || '').trim().length <= 4))
      .filter((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size > 1)
      .length`),
  );

/**
 * How far the main area's first text box's placeholder runs past the room it has (its text measured in its own
 * font): more than 0 means it is cut.
 */
const placeholderOverflow = async (page: Page) =>
  Number(
    await page.evaluate(`(() => {
      const input = document.querySelector('main input[placeholder]');
      const style = getComputedStyle(input, '::placeholder');
      const own = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      context.font = style.fontStyle + ' ' + style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
      const room = input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
      return Math.ceil(context.measureText(input.placeholder).width - room);
    })()`),
  );

/**
 * A profile signed in as the demo parent in `language` (auth-support's signedInContext: the /auth form once per
 * worker and language, its storage reused after that; signing in itself is the auth journeys' subject), on `path`
 * (the dashboard unless told) loaded in full, its heading `title`.
 */
async function signedInContext(
  viewport: ViewportName,
  language: Language,
  path = '/',
  title: string = SCREENS[language]['/'],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInProfile(session, stack, parentAccount, language, viewport);
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}${path}`);
  await eventually(() => h1(page).textContent()).toBe(title);
  return { context, page };
}

/**
 * One journey per language, at both widths in one signed-in browser: each screen is opened at one width and checked
 * there, then the window is resized to the other width and the screen checked again (the layout follows the width
 * as it changes, as when a phone turns or a window is resized). The width a screen is opened at alternates, so
 * screens are first rendered at both widths. The app is loaded in full once (the dashboard) and moves to each
 * screen inside itself, as its links do (followInApp: the app's Content Security Policy stays on): a full load per
 * screen cost a download and compile of the app each time and checked nothing more (deep links are the smoke
 * test's). The skip link is checked on a page loaded in full, where the keyboard starts from the top. The searches run at the language's own width (French at
 * 1440 px, English at 375 px).
 */
describe.each([
  ['fr', 'desktop', 'mobile'],
  ['en', 'mobile', 'desktop'],
] as const)('directory screens in %s at the %s and %s sizes', (language, viewport, otherViewport) => {
  it('opens every screen at both widths without horizontal scrolling, and finds François by typing "francois"', async () => {
    const { context, page } = await signedInContext(viewport, language);
    const errors = trackPageErrors(page);

    /** Resizes the window and waits two frames, for the layout to follow the new width. */
    const resize = async (to: ViewportName) => {
      await page.setViewportSize(VIEWPORTS[to]);
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      expect(await page.evaluate('window.innerWidth')).toBe(VIEWPORTS[to].width);
    };
    let width: ViewportName = viewport;
    for (const [path, title] of Object.entries(SCREENS[language])) {
      if (new URL(page.url()).pathname !== path) await followInApp(page, path);
      await eventually(() => h1(page).textContent()).toBe(title);
      // Each screen has its content once the data is there: no spinner left, and no load error.
      await eventually(() => page.getByText(LOADING).count()).toBe(0);
      expect(await page.getByText(LOAD_FAILED).count(), `${path} failed to load`).toBe(0);
      expect(await horizontalOverflow(page), `${path} scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
      expect(await wrappedPagers(page), `${path}'s pager wraps at ${width}`).toBe(0);
      width = width === viewport ? otherViewport : viewport;
      await resize(width);
      expect(await h1(page).textContent()).toBe(title);
      expect(await horizontalOverflow(page), `${path} scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
      expect(await wrappedPagers(page), `${path}'s pager wraps at ${width}`).toBe(0);
    }
    // On a phone the dashboard's quick search shows its whole placeholder (it was cut at 375 px).
    await resize('mobile');
    await followInApp(page, '/');
    await eventually(() => h1(page).textContent()).toBe(SCREENS[language]['/']);
    await page.getByRole('searchbox').first().waitFor();
    expect(await placeholderOverflow(page), 'quick search placeholder cut at 375 px').toBeLessThanOrEqual(0);
    await resize(viewport);

    // The keyboard's first stop is the skip link; it leads past the header and the navigation to the page itself.
    await page.goto(`${stack.appUrl}/parents`);
    await eventually(() => h1(page).textContent()).toBe(SCREENS[language]['/parents']);
    await page.getByRole('searchbox').first().waitFor();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate('[document.activeElement.tagName, document.activeElement.textContent, document.activeElement.closest("main") !== null]');
    expect(await focused()).toEqual(['A', language === 'fr' ? 'Aller au contenu principal' : 'Skip to main content', false]);
    // Shown in the app's face, not the browser's default serif.
    expect(await page.evaluate('getComputedStyle(document.activeElement).fontFamily')).toMatch(/^"Open Sans"/);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const [, , inMain] = (await focused()) as [string, string, boolean];
    expect(inMain).toBe(true);
    expect(new URL(page.url()).hash).toBe('');

    // Quick search on the dashboard: no accent typed, the accented name found and highlighted.
    await followInApp(page, '/');
    await eventually(() => h1(page).textContent()).toBe(SCREENS[language]['/']);
    await page.getByRole('searchbox').first().fill('francois');
    await eventually(() => page.locator('mark', { hasText: 'François' }).count()).toBeGreaterThan(0);
    // A hit opens its list with the query in the URL, so the view can be shared.
    await page.locator('a[href="/parents?q=francois"]').first().click();
    await eventually(() => new URL(page.url()).pathname).toBe('/parents');
    expect(new URL(page.url()).searchParams.get('q')).toBe('francois');
    await eventually(() => page.locator('mark', { hasText: 'François' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('searchbox').first().inputValue()).toBe('francois');

    // Typed on a list: the URL follows once typing pauses.
    await followInApp(page, '/students');
    await eventually(() => h1(page).textContent()).toBe(SCREENS[language]['/students']);
    await page.getByRole('searchbox').first().fill('FRANCOIS');
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe('FRANCOIS');
    await eventually(() => page.locator('mark', { hasText: 'François' }).count()).toBeGreaterThan(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // Each contact line's text starts beside its copy button (a long email wraps beside it, not under it), and the
    // 24 px buttons of two lines never overlap.
    // Those on screen: the cards below it are not laid out until scrolled near (content-visibility).
    const lines = (await page.evaluate(`[...document.querySelectorAll('main button[data-state]')].map((button) => {
      const text = button.nextElementSibling?.nextElementSibling;
      return [button.getBoundingClientRect().top, button.getBoundingClientRect().bottom, text ? text.getClientRects()[0].top : NaN];
    }).filter(([top, bottom]) => top >= 0 && bottom <= innerHeight)`)) as [number, number, number][];
    expect(lines.length).toBeGreaterThan(0);
    for (const [top, , textTop] of lines) expect(Math.abs(textTop - (top + 2))).toBeLessThanOrEqual(3);
    for (let i = 1; i < lines.length; i++) if (lines[i]![0] > lines[i - 1]![0]) expect(lines[i]![0]).toBeGreaterThanOrEqual(lines[i - 1]![1] - 0.5);

    // Staff says how many match beside its box, in the app's face (it fell back to the browser's serif).
    await followInApp(page, '/staff');
    await eventually(() => h1(page).textContent()).toBe(SCREENS[language]['/staff']);
    await page.getByRole('searchbox').first().fill('a');
    const count = page.getByRole('main').getByRole('status').filter({ hasText: /\d/ }).first();
    await count.waitFor();
    const countFont = `getComputedStyle([...document.querySelectorAll('main [role=status]')].find((e) => /\\d/.test(e.textContent))).fontFamily`;
    expect(await page.evaluate(countFont)).toMatch(/^"Open Sans"/);
    // « Ajouter aux contacts » (a staff member's card) is a 24 px target, as the copy buttons are (WCAG 2.5.8): at 20 px a thumb hit the copy button above it.
    const contactButtons = (await page.evaluate(`[...document.querySelectorAll('main button')].filter((b) => /contacts/i.test(b.textContent))
      .map((b) => b.getBoundingClientRect()).filter((r) => r.top >= 0 && r.bottom <= innerHeight).map((r) => r.height)`)) as number[];
    expect(contactButtons.length).toBeGreaterThan(0);
    for (const height of contactButtons) expect(height).toBeGreaterThanOrEqual(24);

    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();

  });
});

describe('directory participation', () => {
  const hasChildren = (id: string) => school.families.some((link) => link.parentId === id);
  const limited = school.parents.find(
    (p) => p.participation === 'limited' && p.email && p.phone && p.address && p.interests.length > 0 && hasChildren(p.id),
  )!;
  const nameOnly = school.parents.find((p) => p.participation === 'nameOnly' && p.email && hasChildren(p.id))!;

  it('the raw API response carries nothing a limited or name-only parent hid', async () => {
    expect(limited).toBeDefined();
    expect(nameOnly).toBeDefined();
    const response = await fetch(`${stack.appUrl}/api/directory`, { headers: { Authorization: `Bearer ${await idTokenFor(stack, parentAccount.email, parentAccount.password)}` } });
    const directory: DirectoryResponse = DirectoryResponseSchema.parse(await response.json());

    const limitedEntry = directory.parents.find((p) => p.id === limited.id)!;
    // Limited: basic contact only. The school holds an address, interests and skills for this parent.
    expect(Object.keys(limitedEntry).sort()).toEqual(['childIndexes', 'email', 'firstName', 'id', 'lastName', 'phone']);

    const nameOnlyIndex = directory.parents.findIndex((p) => p.id === nameOnly.id);
    expect(Object.keys(directory.parents[nameOnlyIndex]!).sort()).toEqual(['childIndexes', 'email', 'firstName', 'id', 'lastName']);
    // Opted out: no committee seat and no class representative role is listed for them.
    expect(directory.committees.flatMap((c) => c.parents.map((seat) => seat.parentIndex))).not.toContain(nameOnlyIndex);
    expect(directory.classes.flatMap((c) => c.parentRepIndexes)).not.toContain(nameOnlyIndex);
  });

  it('the Parents screen shows a limited parent without address and a name-only parent without phone', async () => {
    const { context, page } = await signedInContext('desktop', 'fr', `/parents?q=${encodeURIComponent(limited.email!)}`, SCREENS.fr['/parents']);
    const rows = page.locator('table tbody tr');
    await eventually(() => rows.count()).toBe(1);
    const limitedRow = await rows.first().innerText();
    expect(limitedRow).toContain(`${limited.firstName} ${limited.lastName}`);
    expect(limitedRow).toContain(formatPhone(limited.phone!));
    expect(limitedRow).not.toContain(limited.address!.street);
    expect(limitedRow).not.toContain(limited.address!.postalCode);
    // The copy action beside the phone puts it on the clipboard as shown, and says so.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
    await rows.first().getByRole('button', { name: 'Copier le numéro de téléphone' }).click();
    await eventually(() => rows.first().getByRole('status').filter({ hasText: 'Copié' }).count()).toBe(1);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(formatPhone(limited.phone!));

    // The next search typed in the same screen, as a person does.
    await page.getByRole('searchbox').first().fill(nameOnly.email!);
    await eventually(() => rows.first().innerText()).toContain(`${nameOnly.firstName} ${nameOnly.lastName}`);
    await eventually(() => rows.count()).toBe(1);
    const nameOnlyRow = rows.first();
    expect(await nameOnlyRow.locator(`a[href="mailto:${nameOnly.email}"]`).count()).toBe(1);
    expect(await nameOnlyRow.locator('a[href^="tel:"]').count()).toBe(0);

    // Printed by the browser (Ctrl+P): the list alone across the page, without the header, the side menu, the footer
    // or the buttons (a trial's printout squeezed it beside the menu).
    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['#app-top-nav', '#app-footer-box', 'nav[aria-label]']) expect(await page.locator(chrome).first().isVisible(), chrome).toBe(false);
    expect(await nameOnlyRow.getByRole('button').first().isVisible()).toBe(false);
    const table = await page.locator('table').first().boundingBox();
    expect(table!.width).toBeGreaterThan(0.8 * 1440);
    await page.emulateMedia({ media: 'screen' });
    await context.close();
  });
});
