// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { AddressSection } from '../../frontend/src/components/parent-form/form-sections';
import { blankParentValues } from '../../frontend/src/features/admin-data/model/parent-edit';
import { createI18n } from '../../frontend/src/i18n/i18n';

/**
 * A whole address pasted into the street field goes to its three fields (a trial's parent pasted theirs from an
 * email, and the directory showed the city and the postal code twice), in the parent's form and the admin's.
 */
afterEach(cleanup);

function Section({ lang, city = '' }: { lang: 'fr' | 'en'; city?: string }) {
  const [values, setValues] = useState({ ...blankParentValues(), city });
  return (
    <I18nextProvider i18n={createI18n(lang)}>
      <AddressSection values={values} errors={{}} lang={lang} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
    </I18nextProvider>
  );
}

const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the address section, a whole address pasted into the street', () => {
  it.each([
    ['fr', /^Adresse/, /^Ville/, /^Code postal/, "Ville et code postal remplis à partir de l'adresse collée\u00a0: vérifiez-les."],
    ['en', /^Street/, /^City/, /^Postal code/, 'City and postal code filled in from the pasted address: please check them.'],
  ] as const)('%s: fills street, city and postal code, and says so', (lang, street, city, postal, said) => {
    render(<Section lang={lang} />);
    fireEvent.change(screen.getByLabelText(street), { target: { value: '12, rue des Érables, Laval (Québec) h7n1a1' } });
    expect([value(street), value(city), value(postal)]).toEqual(['12, rue des Érables', 'Laval', 'H7N 1A1']);
    expect(document.body.textContent).toContain(said);
    // Typed further, the street is the person's own again: the note goes.
    fireEvent.change(screen.getByLabelText(street), { target: { value: '12, rue des Érables, app. 3' } });
    expect(document.body.textContent).not.toContain(said);
  });

  it('leaves the street as typed when the city already says another one', () => {
    render(<Section lang="fr" city="Montréal" />);
    fireEvent.change(screen.getByLabelText(/^Adresse/), { target: { value: '12, rue des Érables, Laval H7N 1A1' } });
    expect([value(/^Adresse/), value(/^Ville/), value(/^Code postal/)]).toEqual(['12, rue des Érables, Laval H7N 1A1', 'Montréal', '']);
  });
});
