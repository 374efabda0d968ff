// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { InterestsSection } from '../../frontend/src/components/parent-form/form-sections';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import type { FormValues } from '../../frontend/src/lib/parent-form/form-values';

afterEach(cleanup);

const VALUES: FormValues = {
  version: 1, firstName: 'Zoé', lastName: 'Côté', phone: '', street: '', city: '', postalCode: '', interests: [],
  skills: 'Menuiserie, chant', participation: 'full', audiences: { email: 'school', phone: 'school', address: 'school', profile: 'school' },
  preferredLanguage: 'fr', join: [], leave: [], shareAddressWith: [],
};

function renderSection(locale: Locale, skills: string) {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <InterestsSection values={{ ...VALUES, skills }} errors={{}} lang={locale} onChange={() => undefined} />
    </I18nextProvider>,
  );
}

describe('the skills box', () => {
  it('counts the characters typed against the limit, before a save would refuse them (fr, en)', () => {
    renderSection('fr', 'Menuiserie, chant');
    // The limit as the sentence beside it writes it: « 1 000 », a no-break space between thousands.
    expect(screen.getByText(/\(17\/1.000\)$/).textContent).toBe('Texte libre, 1\u00a0000 caractères au maximum. (17/1\u00a0000)');
    cleanup();
    renderSection('en', 'x'.repeat(1001));
    expect(screen.getByText(/\(1,001\/1,000\)$/)).toBeTruthy();
  });
});
