// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../../frontend/src/app/app';
import { buildRoutes } from '../../frontend/src/app/router';
import { registrationErrors } from '../../frontend/src/features/auth/pages/form-rules';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import { refusedAnswer, startValidationServer, type ValidationServer } from './auth-test-server';

/**
 * The registration form in jsdom against a real loopback API: the live authorisation check with the product's
 * positive and negative messages (§5), the failure messages, when field messages appear, and the form rules.
 * Creating the account itself needs Cognito: that is the Chromium journey (test/e2e/auth-registration.test.ts).
 * The sign-in form's refusals come from a stand-in user pool on the same server (Cognito's own error answers).
 */
let server: ValidationServer;
const REFUSED = 'stranger@example.com';

beforeAll(async () => {
  server = await startValidationServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.setDefault((email) => (email === REFUSED ? refusedAnswer : { status: 200, body: { authorized: true, displayName: null, userType: null, message: 'EMAIL_AUTHORIZED' } }));
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

async function openAuth(locale: Locale, entry: string, submit: string) {
  const createRouter = () => createMemoryRouter(buildRoutes(), { initialEntries: [entry] });
  render(<App i18n={createI18n(locale)} configUrl={`${server.url}/config.json`} createRouter={createRouter} />);
  await screen.findByRole('button', { name: submit }, { timeout: 20_000 });
  const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
  return { field, type, submit: () => fireEvent.click(screen.getByRole('button', { name: submit })) };
}

const openRegistration = (locale: Locale) =>
  openAuth(locale, '/auth?mode=register', locale === 'fr' ? 'Créer mon compte' : 'Create my account');
const openSignIn = (locale: Locale) => openAuth(locale, '/auth', locale === 'fr' ? 'Se connecter' : 'Sign in');

describe('sign-in refusals (an address on the list that has no account yet)', () => {
  it('does not blame the password when the service cannot say which is wrong, and offers both ways out (English)', async () => {
    const form = await openSignIn('en');
    form.type('Email address', 'new.parent@ecole.example');
    form.type('Password', 'Bottin2025');
    form.submit();
    // AWS (PreventUserExistenceErrors) answers an unknown address and a wrong password alike.
    expect(await screen.findAllByText('Incorrect email or password.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(server.cognitoCalls).toContain('InitiateAuth');
    expect(screen.queryByText('Incorrect password.')).toBeNull();
    expect(
      screen.getAllByText(
        'No account yet: create it first, with the email address the school has on file. Forgotten password: choose a new one.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reset password' })).toBeTruthy();

    // "Create an account" opens the register tab with the address already typed.
    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    await screen.findByRole('button', { name: 'Create my account' });
    expect(form.field('Email address').value).toBe('new.parent@ecole.example');
    expect(screen.getByRole('tab', { name: 'Create an account' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says « Courriel ou mot de passe incorrect. » and leads to a new password (French)', async () => {
    const form = await openSignIn('fr');
    form.type('Adresse courriel', 'parent.oublieux@ecole.example');
    form.type('Mot de passe', 'Bottin2025');
    form.submit();
    expect(await screen.findAllByText('Courriel ou mot de passe incorrect.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Mot de passe incorrect.')).toBeNull();
    // Cloudscape repeats the form's message in a hidden live region (found twice). Testing Library reads the
    // non-breaking spaces before the colons as plain spaces.
    expect(
      screen.getAllByText(
        "Pas encore de compte : créez-le d'abord, avec l'adresse courriel que l'école a à son dossier. Mot de passe oublié : choisissez-en un nouveau.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Réinitialiser le mot de passe' }));
    expect(await screen.findByRole('button', { name: 'Envoyer le code' })).toBeTruthy();
    // The address typed comes along.
    expect(form.field('Adresse courriel').value).toBe('parent.oublieux@ecole.example');
  });

  it("clears a refusal when the next try is stopped on the form, so the two messages never show together (French)", async () => {
    const form = await openSignIn('fr');
    form.type('Adresse courriel', 'parent.oublieux@ecole.example');
    form.type('Mot de passe', 'Bottin2025');
    form.submit();
    expect(await screen.findAllByText('Courriel ou mot de passe incorrect.', undefined, { timeout: 10_000 })).toBeTruthy();
    const calls = server.cognitoCalls.length;
    form.type('Adresse courriel', 'pas-un-courriel');
    form.submit();
    expect(await screen.findByText('Veuillez entrer une adresse courriel valide')).toBeTruthy();
    expect(screen.queryAllByText('Courriel ou mot de passe incorrect.')).toEqual([]);
    expect(server.cognitoCalls.length).toBe(calls);
  });

  it('says there is no account yet when the service says so, and offers « Créer un compte » (French)', async () => {
    server.refuseCognito('UserNotFoundException', 'User does not exist.');
    const form = await openSignIn('fr');
    form.type('Adresse courriel', 'nouveau.parent@ecole.example');
    form.type('Mot de passe', 'Bottin2025');
    form.submit();
    // The product's wording (docs/product-rules.md): « No account found with this email address. »
    expect(
      await screen.findAllByText("Aucun compte n'est associé à cette adresse courriel.", undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getAllByText("Si l'école a cette adresse à son dossier, créez d'abord votre compte, puis connectez-vous.")).toBeTruthy();
    // The password is not in doubt: no reset offered beyond the form's own link.
    expect(screen.queryByRole('link', { name: 'Réinitialiser le mot de passe' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Créer un compte' }));
    await screen.findByRole('button', { name: 'Créer mon compte' });
    expect(form.field('Adresse courriel').value).toBe('nouveau.parent@ecole.example');
  });
});

describe('registration form', () => {
  it('checks the email live and says whether it may create an account (French)', async () => {
    const form = await openRegistration('fr');
    // An address no other test checks: verdicts are kept per address for 5 minutes (in this file's module cache),
    // so a test that checked it first would leave nothing to ask the server.
    form.type('Adresse courriel', '  Parent.Francais@Ecole.example ');
    // Testing Library reads the non-breaking space before the colon as a plain space.
    const authorized = await screen.findByText('Ce courriel est autorisé : vous pouvez créer un compte', undefined, { timeout: 5_000 });
    // Whole words on a phone: StatusIndicator's own text breaks anywhere (« cr / éer », a trial's 375 px).
    expect((authorized as HTMLElement).style.wordBreak).toBe('normal');
    expect(server.requests).toEqual([{ email: 'parent.francais@ecole.example' }]);

    form.type('Adresse courriel', REFUSED);
    expect(
      await screen.findByText(
        "Ce courriel n'est pas autorisé à créer un compte. Seuls les parents et les membres du personnel inscrits peuvent s'inscrire.",
        undefined,
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
  });

  it('uses the product’s exact English messages', async () => {
    const form = await openRegistration('en');
    form.type('Email address', 'parent.demo@ecole.example');
    expect(await screen.findByText('Email is authorized - you can create an account', undefined, { timeout: 5_000 })).toBeTruthy();
    form.type('Email address', REFUSED);
    expect(
      await screen.findByText(
        'This email is not authorized to create an account. Only registered parents and staff can register.',
        undefined,
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
  });

  it('shows the rate-limit message when the check is refused with 429', async () => {
    server.setDefault({ status: 429, body: { error: { code: 'RATE_LIMITED' } } });
    const form = await openRegistration('en');
    // An address not checked before: verdicts are cached for 5 minutes across the page.
    form.type('Email address', 'another.parent@ecole.example');
    expect(await screen.findByText('Too many requests. Please wait a moment and try again.', undefined, { timeout: 5_000 })).toBeTruthy();
  });

  it('does not ask the server about a malformed address, and says what is wrong on submit', async () => {
    const form = await openRegistration('fr');
    form.type('Adresse courriel', 'pas-une-adresse');
    form.type('Mot de passe', 'abc');
    form.submit();
    expect(await screen.findByText('Veuillez entrer une adresse courriel valide')).toBeTruthy();
    // The weak-password message (docs/product-rules.md, Accounts).
    expect(screen.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeTruthy();
    expect(screen.getByText("Vous devez accepter les conditions d'utilisation")).toBeTruthy();
    expect(screen.getAllByText('Ce champ est obligatoire').length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(server.requests).toHaveLength(0);
  });

  it('shows no message when a field is left, so the click that left it lands where it was aimed (French)', async () => {
    const form = await openRegistration('fr');
    const name = form.field(/Nom affiché/);
    fireEvent.focus(name);
    form.type(/Nom affiché/, 'M');
    // Pressing the terms checkbox takes the focus from the name field first: nothing may appear (and push the
    // checkbox down) before the button is released.
    fireEvent.blur(name);
    const terms = screen.getByRole('checkbox');
    fireEvent.mouseDown(terms);
    expect(screen.queryByText('Le nom affiché doit contenir au moins 2 caractères')).toBeNull();
    fireEvent.click(terms);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    for (const label of ['Adresse courriel', 'Mot de passe', 'Confirmer le mot de passe']) {
      const input = form.field(label);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: label === 'Adresse courriel' ? 'pas-une-adresse' : 'abc' } });
      fireEvent.blur(input);
    }
    expect(screen.queryByText('Veuillez entrer une adresse courriel valide')).toBeNull();
    expect(screen.queryByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeNull();

    // At submit every message shows, and the focus goes to the first field to fix.
    form.submit();
    expect(await screen.findByText('Le nom affiché doit contenir au moins 2 caractères')).toBeTruthy();
    expect(screen.getByText('Veuillez entrer une adresse courriel valide')).toBeTruthy();
    expect(screen.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeTruthy();
    expect(screen.queryByText("Vous devez accepter les conditions d'utilisation")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(form.field('Adresse courriel')));

    // From then on the messages follow what is typed.
    form.type(/Nom affiché/, 'Ma');
    expect(screen.queryByText('Le nom affiché doit contenir au moins 2 caractères')).toBeNull();
  });

  it('puts the focus on the first field to fix at submit, the terms checkbox included (English)', async () => {
    const form = await openRegistration('en');
    form.type('Email address', 'parent.demo@ecole.example');
    form.type('Password', 'Bottin2025');
    form.type('Confirm password', 'Bottin2025');
    form.type(/Display name/, 'M');
    form.submit();
    expect(await screen.findByText('The display name must be at least 2 characters long')).toBeTruthy();
    expect(screen.getByText('You must agree to the terms of use')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(form.field(/Display name/)));

    form.type(/Display name/, 'Marie');
    form.submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox')));
  });

  it('reads the form rules of docs/product-rules.md', () => {
    const valid = {
      email: ' Parent@Ecole.example',
      password: 'Bottin2025',
      confirmPassword: 'Bottin2025',
      displayName: '',
      acceptTerms: true,
    };
    expect(registrationErrors(valid)).toEqual({});
    expect(registrationErrors({ ...valid, email: '' }).email).toBe('auth.validation.emailRequired');
    expect(registrationErrors({ ...valid, email: 'a@b' }).email).toBe('auth.validation.emailInvalid');
    expect(registrationErrors({ ...valid, password: 'Ab1', confirmPassword: 'Ab1' }).password).toBe(
      'auth.password.issues.PASSWORD_TOO_SHORT',
    );
    expect(registrationErrors({ ...valid, password: 'bottin2025', confirmPassword: 'bottin2025' }).password).toBe(
      'auth.password.issues.PASSWORD_NEEDS_UPPERCASE',
    );
    expect(registrationErrors({ ...valid, confirmPassword: '' }).confirmPassword).toBe('auth.validation.required');
    expect(registrationErrors({ ...valid, confirmPassword: 'Bottin2026' }).confirmPassword).toBe('auth.validation.passwordMismatch');
    expect(registrationErrors({ ...valid, displayName: ' É ' }).displayName).toBe('auth.validation.displayNameTooShort');
    expect(registrationErrors({ ...valid, displayName: 'Éa' }).displayName).toBeUndefined();
    expect(registrationErrors({ ...valid, acceptTerms: false }).acceptTerms).toBe('auth.validation.termsRequired');
  });

  it('says the form needs a connection when offline', async () => {
    const form = await openRegistration('en');
    form.type('Email address', 'parent.demo@ecole.example');
    form.type('Password', 'Bottin2025');
    form.type('Confirm password', 'Bottin2025');
    fireEvent.click(screen.getByRole('checkbox'));
    Object.defineProperty(window.navigator, 'onLine', { value: false, configurable: true });
    try {
      form.submit();
      expect(
        await screen.findByText('You are offline: checking your email and creating an account need a connection.'),
      ).toBeTruthy();
    } finally {
      Object.defineProperty(window.navigator, 'onLine', { value: true, configurable: true });
    }
    await waitFor(() => expect(screen.queryByText('Email is authorized - you can create an account')).not.toBeNull());
  });
});
