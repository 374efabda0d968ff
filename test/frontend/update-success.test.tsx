// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { UPDATE_SUCCESS_PATH, useUpdateLink } from '../../frontend/src/features/update/hooks/use-update-link';
import { UpdateSuccessPage } from '../../frontend/src/features/update/pages/update-success-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { testConfig } from './render-screen';

/** The page after the parent form: changes held for review are said received, not updated (docs/annual-update.md). */
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.lang = '';
});

function heading(lang: 'fr' | 'en', pendingReview: boolean): string {
  const { container } = render(
    <I18nextProvider i18n={createI18n(lang)}>
      <MemoryRouter initialEntries={[{ pathname: '/update-success', state: { hasAccount: true, pendingReview } }]}>
        <UpdateSuccessPage />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return container.querySelector('h1')?.textContent ?? '';
}

describe('the update success page', () => {
  it.each([
    ['fr', 'Renseignements reçus', 'Renseignements mis à jour'],
    ['en', 'Information received', 'Information updated'],
  ] as const)('%s: says received while the changes wait for review, updated otherwise', (lang, received, updated) => {
    expect(heading(lang, true)).toBe(received);
    cleanup();
    expect(heading(lang, false)).toBe(updated);
  });

  // A staff member who sent the form untouched read « Vos changements sont déjà visibles dans le bottin ».
  it.each([
    ['fr', 'Renseignements confirmés', "Le bottin de l'école affiche déjà ces renseignements.", 'Vos changements'],
    ['en', 'Information confirmed', 'The school directory already shows this information.', 'Your changes'],
  ] as const)('%s: an answer that changed nothing is said confirmed, not updated', (lang, title, nextStep, changes) => {
    const { container } = render(
      <I18nextProvider i18n={createI18n(lang)}>
        <MemoryRouter initialEntries={[{ pathname: '/update-success', state: { hasAccount: true, unchanged: true } }]}>
          <UpdateSuccessPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(container.querySelector('h1')?.textContent).toBe(title);
    expect(container.textContent).toContain(nextStep);
    expect(container.textContent).not.toContain(changes);
  });

  // A teacher read « le code de votre lettre » and « votre profil »: staff get no letter and have no profile.
  it.each([
    ['fr', "Vous pouvez réutiliser le même lien jusqu'à son expiration", 'connectez-vous pour voir le bottin.', /lettre|profil/],
    ['en', 'You can use the same link again until it expires', 'sign in to see the directory.', /letter|profile/],
  ] as const)('%s: a staff member reads of their link and the directory, not of a letter or a profile', (lang, again, signIn, parentWords) => {
    const { container } = render(
      <I18nextProvider i18n={createI18n(lang)}>
        <MemoryRouter initialEntries={[{ pathname: '/update-success', state: { hasAccount: true, staff: true } }]}>
          <UpdateSuccessPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(container.textContent).toContain(again);
    expect(container.textContent).toContain(signIn);
    expect(container.textContent).not.toMatch(parentWords);
  });

  // A paper letter's family has no email: « Créez un compte avec le courriel que l'école a à son dossier » was offered.
  it.each([
    ['fr', "L'école n'a pas de courriel à votre dossier.", /Créez un compte avec le courriel|Vous avez déjà un compte/],
    ['en', 'The school has no email on file for you.', /Create an account with the email|You already have an account/],
  ] as const)('%s: without an email on file, says how to get one instead of offering an account', (lang, noEmail, account) => {
    const { container } = render(
      <I18nextProvider i18n={createI18n(lang)}>
        <MemoryRouter initialEntries={[{ pathname: '/update-success', state: { hasAccount: false, noEmail: true } }]}>
          <UpdateSuccessPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(container.textContent).toContain(noEmail);
    expect(container.textContent).not.toMatch(account);
    expect(screen.queryAllByRole('link').map((a) => a.getAttribute('href'))).not.toContain('/auth?mode=register');
  });

  // A bookmark or a typed address (no form sent) read « Merci! Vos renseignements ont été enregistrés. ».
  it.each([
    ['fr', 'Aucune réponse à confirmer', 'Entrer le code de ma lettre', '/mise-a-jour/code'],
    ['en', 'Nothing to confirm here', 'Enter the code from my letter', '/update/code'],
  ] as const)('%s: opened without a form sent, confirms nothing and says where to update', (lang, title, code, href) => {
    const { container } = render(
      <I18nextProvider i18n={createI18n(lang)}>
        <MemoryRouter initialEntries={['/update-success']}>
          <UpdateSuccessPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(container.querySelector('h1')?.textContent).toBe(title);
    expect(container.textContent).not.toMatch(/Merci|Thank/);
    expect(screen.getByRole('link', { name: code }).getAttribute('href')).toBe(href);
  });
});

/** An emailed link's form reduced to its send (the real form is annual-update-page.test.tsx's): what it hands on. */
const toState = () => ({ hasAccount: true });
function SentForm() {
  const { onSubmitted } = useUpdateLink(toState);
  return <button onClick={() => onSubmitted(undefined)}>send</button>;
}
let where: Location | undefined;
function Where() {
  where = useLocation();
  return null;
}
/** The app's two pages on a device that never chose a language (it opens in French), from `entry`. */
function device(entry: string | Partial<Location>) {
  const i18n = createI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <RuntimeConfigProvider config={testConfig()}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/update/:token" element={<SentForm />} />
            <Route path={UPDATE_SUCCESS_PATH} element={<UpdateSuccessPage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
  return i18n;
}

describe("the success page keeps the parent's language", () => {
  it('an English link on a French device: the success page, and its reload, are in English', async () => {
    const i18n = device('/update/abc?lang=en');
    await waitFor(() => expect(i18n.language).toBe('en'));
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Information updated'));
    const sent = where!;
    expect(sent.pathname).toBe(UPDATE_SUCCESS_PATH);
    cleanup();

    // A reload: the same address and router state, the app started again in the device's language (French).
    const reloaded = device({ pathname: sent.pathname, search: sent.search, state: sent.state as unknown });
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Information updated'));
    expect(reloaded.language).toBe('en');
    // Shown, not saved: the device's next page opens in its own language.
    expect(window.localStorage.length).toBe(0);
  });
});
