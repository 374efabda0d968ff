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
 * positive and negative messages (§5), the failure messages, and the form rules. Creating the account itself
 * needs Cognito: that is the Chromium journey (test/e2e/auth-registration.test.ts).
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

async function openRegistration(locale: Locale) {
  const createRouter = () => createMemoryRouter(buildRoutes(), { initialEntries: ['/auth?mode=register'] });
  render(<App i18n={createI18n(locale)} configUrl={`${server.url}/config.json`} createRouter={createRouter} />);
  const submit = locale === 'fr' ? 'Créer mon compte' : 'Create my account';
  await screen.findByRole('button', { name: submit }, { timeout: 20_000 });
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  return { type, submit: () => fireEvent.click(screen.getByRole('button', { name: submit })) };
}

describe('registration form', () => {
  it('checks the email live and says whether it may create an account (French)', async () => {
    const form = await openRegistration('fr');
    // An address no other test checks: verdicts are kept per address for 5 minutes (in this file's module cache),
    // so a test that checked it first would leave nothing to ask the server.
    form.type('Adresse courriel', '  Parent.Francais@Ecole.example ');
    // Testing Library reads the non-breaking space before the colon as a plain space.
    expect(await screen.findByText('Ce courriel est autorisé : vous pouvez créer un compte', undefined, { timeout: 5_000 })).toBeTruthy();
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
