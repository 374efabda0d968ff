import {
  AdminUpdateUserAttributesCommand,
  ListUsersCommand,
  SignUpCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { cognitoClient } from '../../local/cognito';
import { DEMO_ACCOUNTS, generateSchool } from '../../local/demo/generate-school';
import { readMailbox, type StoredEmail } from '../../local/ses';
import { sessionTokensFor } from '../../local/sign-in';
import type { StackInfo } from '../../local/stack-info';
import type { BrowserSession, Viewport } from '../support/browser';

/** Helpers of the auth journeys (not a test file: vitest collects *.test.ts only). */

/**
 * Seeded parents with an email and no account, from the same deterministic generator the stack seeds with.
 * Counted from the end of the list, away from the demo accounts and the families the other journeys use;
 * each journey takes its own index so no two share an address within a run.
 */
export const JOURNEY_PARENTS = 10;
export function seededParentEmail(indexFromEnd: number): string {
  if (indexFromEnd >= JOURNEY_PARENTS) throw new Error(`only the last ${JOURNEY_PARENTS} seeded parents are reserved for journeys`);
  const demo = new Set(DEMO_ACCOUNTS.map((account) => account.email));
  const emails = generateSchool()
    .parents.map((parent) => parent.email)
    .filter((email): email is string => !!email && !demo.has(email));
  const email = emails[emails.length - 1 - indexFromEnd];
  if (!email) throw new Error(`no seeded parent at index ${indexFromEnd} from the end`);
  return email;
}

export const demoAccount = (stack: StackInfo, role: 'admin' | 'parent' | 'staff') => {
  const account = stack.demoAccounts.find((a) => a.role === role);
  if (!account) throw new Error(`no ${role} demo account`);
  return account;
};

export async function usersWithEmail(stack: StackInfo, email: string): Promise<UserType[]> {
  const result = await cognitoClient(stack.cognitoEndpoint, stack.region).send(
    new ListUsersCommand({ UserPoolId: stack.userPoolId, Filter: `email = "${email}"` }),
  );
  return result.Users ?? [];
}

export const attribute = (user: UserType | undefined, name: string) =>
  user?.Attributes?.find((a) => a.Name === name)?.Value;

/**
 * An account made the way the app makes one (SignUp through the PreSignUp trigger, so only registry emails),
 * optionally with its email already verified, for journeys that start after registration.
 */
export async function createAccount(stack: StackInfo, email: string, password: string, verified: boolean): Promise<void> {
  const client = cognitoClient(stack.cognitoEndpoint, stack.region);
  await client.send(
    new SignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  if (verified) {
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: stack.userPoolId,
        Username: email,
        // cognito-local wants the address alongside the flag.
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }
}

export async function mailTo(stack: StackInfo, email: string): Promise<StoredEmail[]> {
  return (await readMailbox(stack.mailboxUrl)).filter((mail) => mail.destination.to.includes(email));
}

/** Waits until `email` has received `count` messages whose subject is `subject`; returns the last one. */
export async function waitForMail(stack: StackInfo, email: string, subject: string, count = 1): Promise<StoredEmail> {
  let matching: StoredEmail[] = [];
  await expect
    .poll(async () => {
      matching = (await mailTo(stack, email)).filter((mail) => mail.subject === subject);
      return matching.length;
    }, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  return matching[matching.length - 1]!;
}

/**
 * The update link last emailed to `email` (polled until one arrives), as the parent would follow it: the mails
 * point at the stack's public URL; the path is kept, on this stack's origin.
 */
export async function updateLinkFor(stack: StackInfo, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      // The latest email that holds a link (a later note, such as a refused change's, has none).
      const found = (await mailTo(stack, email)).map((mail) => /https?:\/\/[^\s"<>]+\/update\/[A-Za-z0-9_-]{43}/.exec(mail.body.text ?? mail.body.html ?? '')?.[0]);
      link = found.filter(Boolean).at(-1);
      return link;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return `${stack.appUrl}${new URL(link!).pathname}`;
}

/** The first link of an email that points at `path` on the app (HTML entities decoded). */
export function linkIn(mail: StoredEmail, path: string): string {
  const hrefs = [...(mail.body.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const link = hrefs.find((href) => new URL(href).pathname === path);
  if (!link) throw new Error(`no link to ${path} in "${mail.subject}"`);
  return link;
}

/** A fresh browser profile whose app language is `locale` (the choice the language selector stores). */
export async function contextIn(newContext: () => Promise<BrowserContext>, locale: 'fr' | 'en'): Promise<BrowserContext> {
  const context = await newContext();
  // A script string: this file compiles without the DOM library.
  await context.addInitScript(
    `if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', ${JSON.stringify(locale)});`,
  );
  return context;
}

export const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Holds back the page's requests for `pathname` until the returned function is called (a slow download). */
export async function holdBack(page: Page, pathname: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/**
 * The path of the app's entry script, read from the served index.html: holding it back (page.route) keeps a page as
 * index.html painted it, as on a phone still downloading the app (the painted sign-in form, docs/frontend.md).
 */
export async function entryScriptPath(appUrl: string): Promise<string> {
  const html = await (await fetch(`${appUrl}/auth`)).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html names no entry script');
  return entry;
}

/** The path and query the app is showing. */
export const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Waits for the app to show `pathAndQuery` (first loads fetch the config and the page chunks, on a shared and busy CI machine: allow time). */
export async function expectAt(page: Page, pathAndQuery: string): Promise<void> {
  await explained(page, () => expect.poll(() => where(page), { timeout: 30_000 }).toBe(pathAndQuery));
}

/** Runs a wait; if it fails, says what the page showed instead (an error alert, a spinner) so CI can be understood. */
export async function explained(page: Page, wait: () => Promise<unknown>): Promise<void> {
  try {
    await wait();
  } catch (error) {
    const alerts = await page
      .locator('[role="alert"], [data-testid$="-error"], [aria-live]')
      .allInnerTexts()
      .catch(() => []);
    const shown = alerts.map((t) => t.trim()).filter(Boolean);
    throw new Error(`${(error as Error).message}\nThe page showed: ${JSON.stringify(shown).slice(0, 1500)}`, { cause: error });
  }
}

export const TEXT = {
  fr: {
    signInTab: 'Connexion',
    registerTab: 'Inscription',
    /** The sign-in form's link to the forgotten-password steps (no third tab: two fit a phone). */
    forgotLink: 'Mot de passe oublié?',
    email: 'Adresse courriel',
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    newPassword: 'Nouveau mot de passe',
    displayName: 'Nom affiché',
    code: 'Code',
    signIn: 'Se connecter',
    signOut: 'Se déconnecter',
    signedOut: 'Déconnexion réussie. À bientôt!',
    redirectNotice: 'Connectez-vous pour accéder à la page demandée.',
    register: 'Créer mon compte',
    sendCode: 'Envoyer le code',
    changePassword: 'Changer mon mot de passe',
    authorized: 'Ce courriel est autorisé\u00a0: vous pouvez créer un compte',
    notAuthorized:
      "Ce courriel n'est pas autorisé à créer un compte. Seuls les parents et les membres du personnel inscrits peuvent s'inscrire.",
    incorrectPassword: 'Mot de passe incorrect.',
    verifySubject: 'Confirmez votre adresse courriel',
    resetSubject: 'Réinitialisation de votre mot de passe',
    registrationTitle: 'Votre compte est créé',
    welcome: (name: string) => `Bienvenue, ${name}! Votre adresse courriel est vérifiée.`,
    resetDone: 'Votre mot de passe a été changé. Connectez-vous avec votre nouveau mot de passe.',
    home: 'Tableau de bord',
    classes: 'Classes',
  },
  en: {
    signInTab: 'Sign in',
    registerTab: 'Create an account',
    forgotLink: 'Forgot your password?',
    email: 'Email address',
    password: 'Password',
    confirmPassword: 'Confirm password',
    newPassword: 'New password',
    displayName: 'Display name',
    code: 'Code',
    signIn: 'Sign in',
    signOut: 'Sign out',
    signedOut: 'You have signed out. See you soon!',
    redirectNotice: 'Sign in to reach the page you asked for.',
    register: 'Create my account',
    sendCode: 'Send the code',
    changePassword: 'Change my password',
    authorized: 'Email is authorized - you can create an account',
    notAuthorized: 'This email is not authorized to create an account. Only registered parents and staff can register.',
    incorrectPassword: 'Incorrect password.',
    verifySubject: 'Confirm your email address',
    resetSubject: 'Reset your password',
    registrationTitle: 'Your account has been created',
    welcome: (name: string) => `Welcome, ${name}! Your email address is verified.`,
    resetDone: 'Your password has been changed. Sign in with your new password.',
    home: 'Dashboard',
    classes: 'Classes',
  },
} as const;

/** The stacks this test process has already loaded the app from (see warmUp). */
const warmed = new Set<string>();

/**
 * Loads the app once before a file's journeys: the first load of a run pays for cold caches (Chromium, the
 * gateway's first handler imports) and, on a busy machine, can outlast a single step's timeout. Once per stack and
 * worker: the later files of a worker share its Chromium and its stack (test/support/browser.ts), already warm.
 */
export async function warmUp(session: { newPage: () => Promise<Page> }, stack: StackInfo): Promise<void> {
  if (warmed.has(stack.appUrl)) return;
  const page = await session.newPage();
  await page.goto(`${stack.appUrl}/auth`);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 90_000 });
  warmed.add(stack.appUrl);
  await page.close();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signed-in storage by stack and account, kept for this worker's process (see signedInContext). */
const signedInStates = new Map<string, Promise<StorageState>>();

/**
 * A fresh browser profile in `locale`, already signed in as `account`: for the journeys that sign in only to reach a
 * screen. Its storage is what the /auth form leaves after a sign-in (sessionStorageOf), made once per stack and
 * account in this worker (one module cache per worker, vitest.config.ts) and kept for the later calls of this file
 * and the worker's later files, in either language: no form, no page load of /auth, no dashboard
 * (docs/testing.md). The kept storage is put in `locale` through the app's own language key (the one the language
 * selector writes). Each profile is still a context of its own: what a journey does in it (a language switched, a
 * theme) stays there. Signing in through the form is the auth journeys' subject (auth-sign-in.test.ts also checks
 * that the form's storage is this one); the journeys about signing in, out or changing a password keep the form.
 */
export async function signedInContext(
  session: Pick<BrowserSession, 'newContext'>,
  stack: StackInfo,
  account: { email: string; password: string },
  locale: 'fr' | 'en',
  viewport: Viewport = 'desktop',
): Promise<BrowserContext> {
  const key = `${stack.appUrl} ${account.email}`;
  let state = signedInStates.get(key);
  if (!state) {
    state = sessionStorageOf(stack, account);
    signedInStates.set(key, state);
    // A failed sign-in is not kept: the next journey tries again.
    state.catch(() => signedInStates.delete(key));
  }
  return contextIn(async () => session.newContext(viewport, inLanguage(await state, locale)), locale);
}

/** `state` with the app's language choice (localStorage's `locale`, as contextIn and the language selector write it) set to `locale`. */
function inLanguage(state: StorageState, locale: 'fr' | 'en'): StorageState {
  return {
    ...state,
    origins: state.origins.map((origin) => ({
      ...origin,
      localStorage: [...origin.localStorage.filter((item) => item.name !== 'locale'), { name: 'locale', value: locale }],
    })),
  };
}

/** Where Amplify's default token store keeps a session in localStorage: this prefix, the app client's id, a dot. */
export const SESSION_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * The browser storage of a session signed in as `account`, as the /auth form leaves it: the app signs in with
 * USER_PASSWORD_AUTH and Amplify keeps the tokens in localStorage (frontend/src/lib/api/stored-session.ts), under
 * the app client's id and the name signed in with. Made from the same sign-in against the stack's user pool,
 * without a browser. auth-sign-in.test.ts compares it with what the form leaves, so a change of that format fails
 * there, by name.
 */
export async function sessionStorageOf(stack: StackInfo, account: { email: string; password: string }): Promise<StorageState> {
  const tokens = await sessionTokensFor(stack, account.email, account.password);
  const client = `${SESSION_KEY_PREFIX}${stack.userPoolClientId}`;
  const user = `${client}.${account.email}`;
  const localStorage = [
    { name: `${client}.LastAuthUser`, value: account.email },
    { name: `${user}.idToken`, value: tokens.idToken },
    { name: `${user}.accessToken`, value: tokens.accessToken },
    { name: `${user}.refreshToken`, value: tokens.refreshToken },
    { name: `${user}.clockDrift`, value: '0' },
    { name: `${user}.signInDetails`, value: JSON.stringify({ loginId: account.email, authFlowType: 'USER_PASSWORD_AUTH' }) },
  ];
  return { cookies: [], origins: [{ origin: new URL(stack.appUrl).origin, localStorage }] };
}

/**
 * A fresh profile in `locale` signed in through the /auth form as `account`, on `pathAndQuery` (the form's redirect):
 * for an account a journey signs in as once, where signedInContext would sign in in a profile of its own and then
 * load the app again in a second one.
 */
export async function signedInAt(
  session: Pick<BrowserSession, 'newContext'>,
  stack: StackInfo,
  account: { email: string; password: string },
  locale: 'fr' | 'en',
  viewport: Viewport,
  pathAndQuery: string,
): Promise<Page> {
  const context = await contextIn(() => session.newContext(viewport), locale);
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent(pathAndQuery)}`);
  await signInWith(page, locale, account.email, account.password);
  // The path only: the app may write the query its own way (a space as '+').
  const path = new URL(pathAndQuery, stack.appUrl).pathname;
  await explained(page, () => expect.poll(() => new URL(page.url()).pathname, { timeout: 60_000 }).toBe(path));
  return page;
}

/** Signs in through the /auth form the page is on. */
export async function signInWith(page: Page, locale: 'fr' | 'en', email: string, password: string): Promise<void> {
  const text = TEXT[locale];
  const main = page.getByRole('main');
  await main.getByLabel(text.email, { exact: true }).fill(email);
  await main.getByLabel(text.password, { exact: true }).fill(password);
  await main.getByRole('button', { name: text.signIn, exact: true }).click();
}
