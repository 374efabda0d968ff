// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
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
});
