// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { LinkPageStatus } from '../../frontend/src/features/update/components/link-page-status';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { SignedInContext } from '../../frontend/src/lib/signed-in';
import type { Locale } from '../../frontend/src/i18n/locale';

afterEach(cleanup);

function renderStatus(locale: Locale, problem: string, signedIn = false) {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <SignedInContext.Provider value={signedIn}>
        <MemoryRouter>
          <LinkPageStatus title="Mise à jour" problem={problem} />
        </MemoryRouter>
      </SignedInContext.Provider>
    </I18nextProvider>,
  );
}

describe('an update link that cannot be used', () => {
  it('says why, then offers the letter code, the account and how to get a new link (fr)', () => {
    renderStatus('fr', 'tokenInvalid');
    expect(screen.getByText("Ce lien de mise à jour n'est pas valide ou a expiré.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entrer le code' }).getAttribute('href')).toBe('/mise-a-jour/code');
    expect(screen.getByRole('link', { name: 'Se connecter pour mettre à jour Mon profil' }).getAttribute('href')).toBe('/auth?redirect=%2Fprofile');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });

  it('offers to try again when the form could not be loaded, and the English code page (en)', () => {
    renderStatus('en', 'loadFailed');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter the code' }).getAttribute('href')).toBe('/update/code');
  });

  // Someone signed in (a parent opening an old link) once read « Se connecter pour mettre à jour Mon profil ».
  it.each([
    ['fr', 'Ouvrir Mon profil', 'Se connecter pour mettre à jour Mon profil', 'Vous avez un compte dans le bottin?'],
    ['en', 'Open My profile', 'Sign in to update My profile', 'Do you have a directory account?'],
  ] as const)('%s: offers My profile directly, not a sign-in, to someone already signed in', (locale, open, signIn, question) => {
    renderStatus(locale, 'tokenInvalid', true);
    expect(screen.getByRole('link', { name: open }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('link', { name: signIn })).toBeNull();
    expect(screen.queryByText(question, { exact: false })).toBeNull();
  });
});
