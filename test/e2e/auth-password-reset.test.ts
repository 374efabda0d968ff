import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, VIEWPORTS, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import {
  TEXT,
  contextIn,
  createAccount,
  expectAt,
  explained,
  h1,
  linkIn,
  seededParentEmail,
  signInWith,
  waitForMail,
  warmUp,
} from './auth-support';

/**
 * Forgot password, then reset with the emailed link (docs/auth.md): the email arrives in the
 * user's language, its link opens the reset form with the code filled in, and the new password signs in.
 */
const stack = useStack();
const OLD_PASSWORD = 'Ancien2025';
const NEW_PASSWORD = 'Nouveau2026';
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

const LOCALES = [
  { locale: 'fr', email: seededParentEmail(2) },
  { locale: 'en', email: seededParentEmail(3) },
] as const;

/** Cloudscape's tab scroll buttons on screen (shown when the tabs do not fit; a string: no DOM types here). */
const SCROLL_BUTTONS = `[...document.querySelectorAll('button')].filter((b) => /défiler|scroll/i.test(b.getAttribute('aria-label') || '') && b.offsetParent).length`;

describe.each(LOCALES)('password reset ($locale)', ({ locale, email }) => {
  const text = { ...TEXT[locale], tabs: locale === 'fr' ? ['Connexion', 'Inscription'] : ['Sign in', 'Create an account'] };

  it('emails a code, whose link resets the password; the new password signs in, the old one no longer', async () => {
    await createAccount(stack, email, OLD_PASSWORD, true);
    const context = await contextIn(() => session.newContext('desktop'), locale);
    const page = await context.newPage();
    const main = page.getByRole('main');

    // On a 375 px phone the two tabs (sign in, create an account) fit: none behind Cloudscape's scroll buttons
    // (three did not); the forgotten password is the sign-in form's link.
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${stack.appUrl}/auth`);
    await main.getByRole('tab').first().waitFor();
    expect(await main.getByRole('tab').allTextContents()).toEqual(text.tabs);
    expect(await page.evaluate(SCROLL_BUTTONS), 'tabs behind scroll buttons at 375 px').toBe(0);
    await page.setViewportSize(VIEWPORTS.desktop);
    await main.getByRole('link', { name: text.forgotLink }).click();
    // Its form replaces the sign-in form: fill its field, not the sign-in form's email about to go.
    await main.getByRole('button', { name: text.sendCode }).waitFor();
    await main.getByLabel(text.email, { exact: true }).fill(email);
    await main.getByRole('button', { name: text.sendCode }).click();
    // The second step is shown at once, for someone who types the code from the email.
    await explained(page, () => main.getByLabel(text.code, { exact: true }).waitFor());

    const mail = await waitForMail(stack, email, text.resetSubject);
    expect(mail.body.html).toContain(`lang="${locale}"`);
    const link = linkIn(mail, '/auth');
    const code = new URL(link).searchParams.get('code');
    expect(code).toMatch(/^\d{6}$/);

    // The link opens the reset form with the code; the email is asked again (the link does not carry it).
    await page.goto(link);
    await expect.poll(() => main.getByLabel(text.code, { exact: true }).inputValue(), { timeout: 15_000 }).toBe(code);
    await main.getByLabel(text.email, { exact: true }).fill(email);
    await main.getByLabel(text.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel(text.confirmPassword, { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: text.changePassword }).click();

    await main.getByText(text.resetDone).waitFor();
    await expectAt(page, '/auth');
    // The sign-in form is back, with the email filled in.
    expect(await main.getByLabel(text.email, { exact: true }).inputValue()).toBe(email);

    await signInWith(page, locale, email, OLD_PASSWORD);
    await main.getByText(text.incorrectPassword, { exact: true }).waitFor();
    await signInWith(page, locale, email, NEW_PASSWORD);
    await expectAt(page, '/');
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe(text.home);
    await context.close();
  });
});
