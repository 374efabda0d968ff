import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import {
  TEXT,
  attribute,
  contextIn,
  createAccount,
  expectAt,
  linkIn,
  mailTo,
  seededParentEmail,
  signInWith,
  usersWithEmail,
  waitForMail,
  warmUp,
} from './auth-support';
import { followInApp } from './client-navigation';

/**
 * A signed-in user whose email is not verified (docs/product-rules.md, Screens and guards, Accounts): blocked from the directory, with the verification
 * page's actions; and the emailed link opened while signed out, which waits for the sign-in in this browser.
 */
const stack = useStack();
const PASSWORD = 'Verifier2025';
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

const TEXTS = {
  fr: {
    notVerified:
      'Veuillez vérifier votre adresse courriel avant de vous connecter. Cherchez le lien de vérification dans votre boîte de réception.',
    blocked: "Vous devez vérifier votre adresse courriel avant d'utiliser le bottin.",
    iVerified: "J'ai vérifié mon courriel",
    stillNotVerified: "Votre courriel n'est toujours pas vérifié. Ouvrez le lien du courriel que nous vous avons envoyé, puis réessayez.",
    resend: 'Renvoyer le courriel de vérification',
    resent: (email: string) => `Un nouveau courriel de vérification a été envoyé à ${email}.`,
    countdown: /Nouvelle vérification automatique dans \d+ s/,
    sameBrowser: /Ouvrez le lien dans ce même navigateur/,
    signInFirst: /Connectez-vous d'abord dans ce navigateur/,
    goToSignIn: 'Aller à la connexion',
    doneTitle: 'Vérification du courriel',
    verifiedTitle: 'Adresse courriel vérifiée',
    continue: 'Continuer vers le bottin',
  },
  en: {
    notVerified: 'Please verify your email address before signing in. Check your inbox for a verification link.',
    blocked: 'You must verify your email address before using the directory.',
    iVerified: 'I have verified my email',
    stillNotVerified: 'Your email is still not verified. Open the link in the email we sent you, then try again.',
    resend: 'Resend the verification email',
    resent: (email: string) => `A new verification email was sent to ${email}.`,
    countdown: /Checking again automatically in \d+ s/,
    sameBrowser: /Open the link in this same browser/,
    signInFirst: /Sign in first in this browser/,
    goToSignIn: 'Go to sign-in',
    doneTitle: 'Email verification',
    verifiedTitle: 'Email address verified',
    continue: 'Continue to the directory',
  },
} as const;

const LOCALES = [
  { locale: 'fr', email: seededParentEmail(4) },
  { locale: 'en', email: seededParentEmail(5) },
] as const;

async function signOut(page: Page, locale: 'fr' | 'en', email: string) {
  const account = page.locator('#app-top-nav').getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await account.click();
  await page.getByRole('menuitem', { name: TEXT[locale].signOut }).click();
  // The account menu goes once the sign-out has finished (the session forgotten): a page opened before that (a
  // clean run under load did) still finds the session in storage and is, rightly, signed in.
  await account.waitFor({ state: 'detached', timeout: 30_000 });
}

describe.each(LOCALES)('email verification ($locale)', ({ locale, email }) => {
  const text = { ...TEXT[locale], ...TEXTS[locale] };

  it('blocks an unverified user, then verifies through a link opened before signing in again', async () => {
    await createAccount(stack, email, PASSWORD, false);
    const context = await contextIn(() => session.newContext('desktop'), locale);
    const page = await context.newPage();
    const main = page.getByRole('main');

    // Login with an unverified email: refused with the product's message, but the user is kept.
    await page.goto(`${stack.appUrl}/auth?redirect=%2Fstudents`);
    await signInWith(page, locale, email, PASSWORD);
    await expectAt(page, '/email-verification-required?from=sign-in');
    await main.getByText(text.notVerified).waitFor();
    await main.getByText(text.sameBrowser).waitFor();
    await main.getByText(text.countdown).waitFor();

    // Any protected page sends them to the blocked variant (a link followed inside the app).
    await followInApp(page, '/classes');
    await expectAt(page, '/email-verification-required?blocked=true');
    await main.getByText(text.blocked).waitFor();

    await main.getByRole('button', { name: text.iVerified }).click();
    await main.getByText(text.stillNotVerified).waitFor();

    const before = (await mailTo(stack, email)).filter((mail) => mail.subject === text.verifySubject).length;
    await main.getByRole('button', { name: text.resend }).click();
    await main.getByText(text.resent(email)).waitFor();
    const mail = await waitForMail(stack, email, text.verifySubject, before + 1);
    expect(mail.body.html).toContain(`lang="${locale}"`);

    // Signed out, the link cannot finish: the code waits in this tab for the sign-in.
    await signOut(page, locale, email);
    await page.goto(linkIn(mail, '/email-verification-required'));
    await main.getByText(text.signInFirst).waitFor();
    await expectAt(page, '/email-verification-required');
    await main.getByRole('button', { name: text.goToSignIn }).click();
    await expectAt(page, '/auth?redirect=%2Femail-verification-required');
    await signInWith(page, locale, email, PASSWORD);

    // Signing in uses the kept code: verified, then home with the welcome (the registry's name, from the API).
    await expectAt(page, '/');
    await page.getByText(locale === 'fr' ? /^Bienvenue, .+! Votre adresse courriel est vérifiée\.$/ : /^Welcome, .+! Your email address is verified\.$/).waitFor();
    expect(attribute((await usersWithEmail(stack, email))[0], 'email_verified')).toBe('true');
    expect(await page.evaluate('window.sessionStorage.getItem("auth.pendingVerificationCode")')).toBeNull();

    // The emailed link opened a second time: it says the address is verified, under a title that no longer asks for
    // it (a trial read « Vérification du courriel requise » above « Adresse courriel vérifiée »), and goes on.
    await page.goto(linkIn(mail, '/email-verification-required'));
    await main.getByText(text.verifiedTitle).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text.doneTitle);
    await main.getByRole('link', { name: text.continue }).click();
    await expectAt(page, '/');
    // Verified now: the directory opens.
    await followInApp(page, '/classes');
    await expectAt(page, '/classes');
    await context.close();
  });
});
