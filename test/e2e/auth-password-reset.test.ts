import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser';
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

describe.each(LOCALES)('password reset ($locale)', ({ locale, email }) => {
  const text = TEXT[locale];

  it('emails a code, whose link resets the password; the new password signs in, the old one no longer', async () => {
    await createAccount(stack, email, OLD_PASSWORD, true);
    const context = await contextIn(() => session.newContext('desktop'), locale);
    const page = await context.newPage();
    const main = page.getByRole('main');

    await page.goto(`${stack.appUrl}/auth`);
    await main.getByRole('tab', { name: text.forgotTab }).click();
    // The tab's form replaces the sign-in form: fill its field, not the sign-in form's email about to go.
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
