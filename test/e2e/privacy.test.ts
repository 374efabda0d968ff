import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivacyNoticeResponseSchema } from '@shared/contracts/privacy-api';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { TEXT, contextIn, h1 } from './auth-support';

/**
 * The privacy policy (docs/privacy.md) signed out, in Chromium: French at 1440 px from its French address (and its
 * English version from there), then English on a 375 px phone from the sign-up form's short notice. Both versions
 * come from the public API route.
 */
const stack = useStack();
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
});
afterAll(async () => {
  await session?.close();
});

describe('privacy policy, signed out', () => {
  it('is public in the API, in both languages', async () => {
    const response = await fetch(`${stack.appUrl}/api/privacy-notice`);
    expect(response.status).toBe(200);
    const notice = PrivacyNoticeResponseSchema.parse(await response.json());
    expect(notice.fr.sections.find((s) => s.id === 'storage')?.paragraphs.join(' ')).toContain('Canada');
    expect(notice.en.sections.find((s) => s.id === 'storage')?.paragraphs.join(' ')).toContain('Canada');
  });

  it('reads in French at /confidentialite (1440 px) and links to the English version', async () => {
    const context = await contextIn(() => session.newContext('desktop'), 'fr');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/confidentialite`);
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('Politique de confidentialité');
    await page.getByRole('heading', { name: 'Où sont conservés les renseignements' }).waitFor();
    await page.getByText(/Canada \(Centre\), à Montréal/).waitFor();
    await page.getByRole('heading', { name: 'Personne responsable' }).waitFor();

    expect(await page.getByTestId('privacy-notice').getAttribute('lang')).toBe('fr');

    // The English version: the policy in English, its title too, marked as such; the app keeps the visitor's French.
    await page.getByRole('link', { name: 'Read in English' }).click();
    await page.getByRole('heading', { name: 'Where the information is kept' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    expect(await page.getByTestId('privacy-notice').getAttribute('lang')).toBe('en');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => h1(page).textContent()).toBe('Privacy policy');
    expect(await page.locator('[lang="en"] h1').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is linked from the sign-up form on a 375 px phone, in English', async () => {
    const context = await contextIn(() => session.newContext('mobile'), 'en');
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/auth`);
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: TEXT.en.registerTab }).click();
    const notice = main.getByTestId('privacy-short-notice');
    await expect.poll(() => notice.textContent()).toContain('only registered parents and staff can see');
    await notice.getByRole('link', { name: 'Read the privacy policy' }).click();
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('Privacy policy');
    expect(new URL(page.url()).pathname).toBe('/privacy');
    await page.getByRole('heading', { name: 'Your rights' }).waitFor();
    await context.close();
  });
});
