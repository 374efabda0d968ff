import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import {
  TEXT,
  attribute,
  contextIn,
  expectAt,
  h1,
  linkIn,
  mailTo,
  seededParentEmail,
  usersWithEmail,
  waitForMail,
  where,
  warmUp,
} from './auth-support';

/**
 * Registration (docs/product-rules.md, Accounts) in Chromium on the local stack, in French and in English: a registered parent creates an
 * account, gets the verification email in the local mailbox, opens its link in the same browser and lands on
 * the home page with the welcome message; an address outside the registry, typed first on the same form, gets the
 * product's refusal and no account.
 */
const stack = useStack();
const PASSWORD = 'Inscription2025';
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

const LOCALES = [
  { locale: 'fr', email: seededParentEmail(0), name: 'Camille Tremblay-Côté' },
  { locale: 'en', email: seededParentEmail(1), name: 'Sam O’Neil' },
] as const;

describe.each(LOCALES)('registration ($locale)', ({ locale, email, name }) => {
  const text = TEXT[locale];

  it('an address outside the registry is refused with the product’s message and no account; an authorised parent then registers, verifies with the emailed link and lands home, welcomed', { timeout: 180_000 }, async () => {
    const stranger = `inconnu.${locale}.${Date.now()}@ailleurs.example`;
    const context = await contextIn(() => session.newContext('desktop'), locale);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/auth?mode=register`);
    const main = page.getByRole('main');

    // 1. An address outside the registry: refused as it is typed, and submitting anyway stops at the server's
    // verdict: no account is even attempted.
    await main.getByLabel(text.email, { exact: true }).fill(stranger);
    await main.getByText(text.notAuthorized).waitFor();
    await main.getByLabel(text.password, { exact: true }).fill(PASSWORD);
    await main.getByLabel(text.confirmPassword, { exact: true }).fill(PASSWORD);
    await main.getByRole('checkbox').check();
    await main.getByRole('button', { name: text.register }).click();
    await expect.poll(() => main.getByText(text.notAuthorized).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(where(page)).toBe('/auth?mode=register');
    expect(await usersWithEmail(stack, stranger)).toEqual([]);
    expect(await mailTo(stack, stranger)).toEqual([]);

    // 2. The parent's own address (typed in capitals), on the same form.
    await main.getByLabel(text.email, { exact: true }).fill(email.toUpperCase());
    await main.getByText(text.authorized).waitFor();
    await main.getByLabel(text.password, { exact: true }).fill(PASSWORD);
    await main.getByLabel(text.confirmPassword, { exact: true }).fill(PASSWORD);
    await main.getByLabel(new RegExp(`^${text.displayName}`)).fill(name);
    await main.getByRole('checkbox').check();
    await main.getByRole('button', { name: text.register }).click();

    await expectAt(page, '/email-verification-required?from=registration');
    await main.getByText(text.registrationTitle).waitFor();
    expect(await main.textContent()).toContain(email);

    // The account exists, named, with its email not yet verified.
    const [account] = await usersWithEmail(stack, email);
    expect(attribute(account, 'email_verified')).not.toBe('true');
    expect(attribute(account, 'name')).toBe(name);

    // cognito-local also mails a sign-up code (docs/auth.md); the verification link is in the last message.
    const mail = await waitForMail(stack, email, text.verifySubject);
    expect(mail.body.html).toContain(`lang="${locale}"`);
    await page.goto(linkIn(mail, '/email-verification-required'));

    await expectAt(page, '/');
    await page.getByText(text.welcome(name)).waitFor();
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe(text.home);
    expect(attribute((await usersWithEmail(stack, email))[0], 'email_verified')).toBe('true');
    // The header's user menu shows the display name.
    expect(await page.locator('#app-top-nav').getByRole('button', { name: new RegExp(name) }).count()).toBe(1);
    // The refused address's 403 is logged by the browser, as any 4xx.
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  });
});
