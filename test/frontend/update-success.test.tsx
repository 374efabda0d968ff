// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { UpdateSuccessPage } from '../../frontend/src/features/update/pages/update-success-page';
import { createI18n } from '../../frontend/src/i18n/i18n';

/** The page after the parent form: changes held for review are said received, not updated (docs/annual-update.md). */
afterEach(cleanup);

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
