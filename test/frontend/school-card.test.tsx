// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SchoolCard } from '../../frontend/src/features/home/components/school-card';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import { FIXTURE } from './directory-fixture';

afterEach(cleanup);

const CONTACT = {
  email: 'secretariat@ecole.example',
  phone: '5145550100',
  address: { street: '4500, rue des Érables', city: 'Montréal', postalCode: 'h2h1y4' },
};

function renderCard(locale: Locale, contact?: typeof CONTACT) {
  const school = { ...FIXTURE.school!, ...(contact ? { contact } : {}) };
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <SchoolCard school={school} />
    </I18nextProvider>,
  );
}

describe("the home page's school card", () => {
  it('shows each contact detail on its own line, the phone a tel: link in the Québec format', () => {
    const { container } = renderCard('fr', CONTACT);
    expect(screen.getByRole('link', { name: '514 555-0100' }).getAttribute('href')).toBe('tel:+15145550100');
    expect(screen.getByRole('link', { name: 'secretariat@ecole.example' }).getAttribute('href')).toBe('mailto:secretariat@ecole.example');
    // The postal code formatted, and not run into the phone number ("H2H 1Y4 514 555-0100" read as one thing).
    expect(container.textContent).toContain('4500, rue des Érables, Montréal H2H 1Y4');
    expect(container.textContent).not.toMatch(/1Y4\s*514/);
  });

  it('says when the contact details are not filled in (en)', () => {
    renderCard('en');
    expect(screen.getByText("The school's contact details are not filled in yet.")).toBeTruthy();
  });
});
