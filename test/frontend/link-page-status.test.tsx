// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { LinkPageStatus } from '../../frontend/src/features/update/components/link-page-status';
import { ApiError } from '../../frontend/src/lib/api/api-client';
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

// A staff link (`form=staff`) after the close once offered « Did you receive a letter with a code? » and « Open My
// profile »: staff get no letters and My profile has no staff profile. The school office instead, in the link's language.
describe("a staff member's link that cannot be used", () => {
  const school = { name: 'École des Érables', email: 'secretariat@erables.example', phone: '5145550100' };
  const closed = new ApiError(410, 'CAMPAIGN_CLOSED', [], undefined, { error: { code: 'CAMPAIGN_CLOSED', details: { endedOn: '2026-12-19', school } } });

  function renderStaff(locale: Locale, problem: string, error?: unknown) {
    render(
      <I18nextProvider i18n={createI18n(locale)}>
        <SignedInContext.Provider value={true}>
          <MemoryRouter>
            <LinkPageStatus title="Staff" problem={problem} error={error} staff />
          </MemoryRouter>
        </SignedInContext.Provider>
      </I18nextProvider>,
    );
  }

  it.each([
    ['fr', "La période de mise à jour s'est terminée le 19 décembre 2026.", 'École des Érables, secrétariat', /lettre|code|Mon profil|Se connecter|compte/],
    ['en', 'The update period ended on December 19, 2026.', 'École des Érables office:', /letter|code|My profile|Sign in|account/],
  ] as const)('%s: no letter code, no My profile, the school office to write or call', (locale, reason, office, parentsOnly) => {
    renderStaff(locale, 'campaignClosed', closed);
    const text = document.body.textContent ?? '';
    expect(text).toContain(reason);
    expect(text).toContain(office);
    expect(text).not.toMatch(parentsOnly);
    expect(screen.getByRole('link', { name: school.email }).getAttribute('href')).toBe(`mailto:${school.email}`);
    expect(screen.getByRole('link', { name: '514 555-0100' }).getAttribute('href')).toBe('tel:+15145550100');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it.each([
    ['fr', "Pour recevoir un nouveau lien, communiquez avec le secrétariat de l'école."],
    ['en', 'To receive a new link, contact the school office.'],
  ] as const)('%s: an unknown link without the school contact says to ask the school office', (locale, office) => {
    renderStaff(locale, 'tokenInvalid');
    expect(screen.getByText(office)).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});

// A parent's link after an early close said « s'est terminée le 30 novembre 2026 » and still offered « Entrer le
// code », which cannot work either once the campaign is closed: the school office instead, whom the message names.
describe("a parent's link after the campaign closed", () => {
  const school = { name: 'École des Érables', email: 'secretariat@erables.example', phone: '5145550100' };
  const closed = (withSchool: boolean) =>
    new ApiError(410, 'CAMPAIGN_CLOSED', [], undefined, {
      error: { code: 'CAMPAIGN_CLOSED', details: { endedOn: '2026-11-30', ...(withSchool ? { school } : {}) } },
    });
  function renderClosed(locale: Locale, withSchool: boolean) {
    render(
      <I18nextProvider i18n={createI18n(locale)}>
        <SignedInContext.Provider value={false}>
          <MemoryRouter>
            <LinkPageStatus title="Mise à jour" problem="campaignClosed" error={closed(withSchool)} />
          </MemoryRouter>
        </SignedInContext.Provider>
      </I18nextProvider>,
    );
  }

  it.each([
    ['fr', "La période de mise à jour s'est terminée le 30 novembre 2026.", 'Entrer le code', 'École des Érables, secrétariat', 'nouveau lien'],
    ['en', 'The update period ended on November 30, 2026.', 'Enter the code', 'École des Érables office:', 'new link'],
  ] as const)('%s: no letter code; the school office to write or call', (locale, reason, code, office, newLink) => {
    renderClosed(locale, true);
    const text = document.body.textContent ?? '';
    expect(text).toContain(reason);
    expect(screen.queryByRole('link', { name: code })).toBeNull();
    expect(text).toContain(office);
    expect(screen.getByRole('link', { name: school.email }).getAttribute('href')).toBe(`mailto:${school.email}`);
    expect(text).not.toContain(newLink);
  });

  it.each([
    ['fr', 'Entrer le code', "communiquez avec le secrétariat de l'école", 'nouveau lien'],
    ['en', 'Enter the code', 'contact the school office', 'new link'],
  ] as const)('%s: without the contact, the message says whom to ask, and no code nor new link is offered', (locale, code, ask, newLink) => {
    renderClosed(locale, false);
    const text = document.body.textContent ?? '';
    expect(text).toContain(ask);
    expect(screen.queryByRole('link', { name: code })).toBeNull();
    expect(text).not.toContain(newLink);
  });
});
