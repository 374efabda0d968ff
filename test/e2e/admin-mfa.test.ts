import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { totpCode } from '../../local/totp';
import { openBrowser, type BrowserSession } from '../support/browser';
import { startTableStack, type IsolatedStack } from '../support/isolated-stack';
import { contextIn, demoAccount, expectAt, h1, signInWith, warmUp } from './auth-support';

/**
 * A second factor for administrators (docs/auth.md "Administrators"), on a stack that requires it as AWS does: the
 * demo administrator's first admin visit asks for an authenticator app (French, 1440 px): QR code and key, a
 * first code, then a new sign-in with the app's code (the password-only session ends), then the Administration
 * page. Their next sign-in asks for the app's code too (English, 375 px phone).
 * Codes come from local/totp.ts, as an authenticator app computes them.
 */
let stack: IsolatedStack;
let session: BrowserSession;
let secret = '';
let lastCode = '';

beforeAll(async () => {
  [stack, session] = await Promise.all([startTableStack('admin-mfa', {}, { ADMIN_MFA_REQUIRED: 'true' }), openBrowser()]);
  await warmUp(session, stack.info);
}, 180_000);
afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

/**
 * A code the pool has not seen yet: Cognito refuses a code used twice. When the current 30-second step's code was
 * used already, the next step's code, which the pool accepts as an app whose clock runs a little ahead (Cognito and
 * cognito-local allow one step of drift), rather than waiting up to 30 seconds for the step to change.
 */
async function freshCode(): Promise<string> {
  let code = totpCode(secret);
  if (code === lastCode) code = totpCode(secret, new Date(Date.now() + 30_000));
  lastCode = code;
  return code;
}

const codeField = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: true });

describe('an administrator with a second factor', () => {
  it('enrols an authenticator at the first admin visit (fr, 1440 px)', async () => {
    const admin = demoAccount(stack.info, 'admin');
    const context = await contextIn(() => session.newContext('desktop'), 'fr');
    const page = await context.newPage();
    await page.goto(`${stack.info.appUrl}/auth?redirect=%2Fadmin`);
    await signInWith(page, 'fr', admin.email, admin.password);
    await expectAt(page, '/admin');
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('Double authentification');
    await page.getByRole('button', { name: 'Associer une application' }).click();
    const shown = await page.getByTestId('mfa-secret').textContent();
    secret = (shown ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByRole('img', { name: "Code QR à balayer avec l'application d'authentification" }).count()).toBe(1);
    await codeField(page, 'Code à 6 chiffres').fill('000000');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText("Ce code n'est pas le bon.", { exact: false }).first().waitFor();

    await codeField(page, 'Code à 6 chiffres').fill(await freshCode());
    await page.getByRole('button', { name: 'Confirmer' }).click();
    // Every session opened before the authenticator is signed out (docs/auth.md "Second factor"): sign in again,
    // now with the app's code.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/auth');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await signInWith(page, 'fr', admin.email, admin.password);
    await codeField(page, 'Code à 6 chiffres').fill(await freshCode());
    await page.getByRole('main').getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('Administration');
    await context.close();
  });

  it('asks for the app’s code at the next sign-in (en, 375 px)', async () => {
    const admin = demoAccount(stack.info, 'admin');
    const context = await contextIn(() => session.newContext('mobile'), 'en');
    const page = await context.newPage();
    await page.goto(`${stack.info.appUrl}/auth?redirect=%2Fadmin`);
    await signInWith(page, 'en', admin.email, admin.password);
    await page.getByText('Your account is protected by an authenticator app').waitFor();
    await codeField(page, '6-digit code').fill(await freshCode());
    await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectAt(page, '/admin');
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('Administration');
    await context.close();
  });
});
