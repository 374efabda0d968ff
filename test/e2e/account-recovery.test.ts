import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import {
  TEXT,
  attribute,
  contextIn,
  createAccount,
  expectAt,
  linkIn,
  seededParentEmail,
  usersWithEmail,
  waitForMail,
  warmUp,
} from './auth-support';

/**
 * A stranger creates an account with a registered parent's address straight through Cognito SignUp and never
 * confirms it. The real parent then registers in the app: the app says the account exists and offers to take it
 * over; the parent gets the link in the local mailbox, chooses a password on the link's page and is signed in.
 */
const stack = useStack();
const STRANGER_PASSWORD = 'Intrus2025';
const PASSWORD = 'Reprise2025';
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

const JOURNEYS = [
  {
    locale: 'fr',
    viewport: 'desktop',
    email: seededParentEmail(6),
    offer: "M'envoyer un lien pour reprendre le compte",
    sent: 'Demande reçue',
    subject: 'Choisissez le mot de passe de votre compte du bottin',
    title: 'Reprendre votre compte',
    save: 'Enregistrer mon mot de passe',
  },
  {
    locale: 'en',
    viewport: 'mobile',
    email: seededParentEmail(7),
    offer: 'Email me a link to take over the account',
    sent: 'Request received',
    subject: 'Choose the password of your directory account',
    title: 'Take over your account',
    save: 'Save my password',
  },
] as const;

describe.each(JOURNEYS)('taking over a squatted account ($locale, $viewport)', (journey) => {
  const text = TEXT[journey.locale];

  it('the real parent registers, is offered the takeover, sets a password from the email and is signed in', async () => {
    await createAccount(stack, journey.email, STRANGER_PASSWORD, false);
    const context = await contextIn(() => session.newContext(journey.viewport), journey.locale);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/auth?mode=register`);
    const main = page.getByRole('main');

    await main.getByLabel(text.email, { exact: true }).fill(journey.email);
    await main.getByText(text.authorized).waitFor();
    await main.getByLabel(text.password, { exact: true }).fill(PASSWORD);
    await main.getByLabel(text.confirmPassword, { exact: true }).fill(PASSWORD);
    await main.getByRole('checkbox').check();
    await main.getByRole('button', { name: text.register }).click();
    // The request's answer first: a refusal (a 429, a 5xx under load) then fails here with its status, not as a
    // missing message 30 s later.
    const started = page.waitForResponse((response) => response.url().endsWith('/api/account-recovery/start'));
    await main.getByRole('button', { name: journey.offer }).click();
    expect((await started).status()).toBe(202);
    await main.getByText(journey.sent).waitFor();

    const mail = await waitForMail(stack, journey.email, journey.subject);
    await page.goto(linkIn(mail, '/auth/recover'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(journey.title);
    await main.getByLabel(text.password, { exact: true }).fill(PASSWORD);
    await main.getByLabel(text.confirmPassword, { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: journey.save }).click();

    await expectAt(page, '/');
    await page.getByRole('heading', { level: 1, name: text.home }).waitFor();
    const [user] = await usersWithEmail(stack, journey.email);
    expect(attribute(user, 'email_verified')).toBe('true');
    // The refused SignUp (the account exists) is a 400 the browser logs; nothing else may fail.
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  });
});
