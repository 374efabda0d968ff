// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { StaffGroup } from '../../frontend/src/features/staff/components/staff-group';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { staffRows } from '../../frontend/src/lib/directory/staff-rows';
import { FIXTURE } from './directory-fixture';

afterEach(cleanup);

// François teaches class A and sits on the governing board; Lise has neither.
const directory = {
  ...FIXTURE,
  staff: [
    ...FIXTURE.staff,
    { id: '01K3J4A0S00000000000000002', firstName: 'Lise', lastName: 'Roy', title: { fr: 'Secrétaire', en: 'Secretary' }, department: 'administration' as const, classIndexes: [], email: 'lise.roy@exemple.ca' },
  ],
};
const rows = staffRows(buildDirectoryIndex(directory), 'fr');

function renderCards(query = '', mobile = true) {
  render(
    <I18nextProvider i18n={createI18n('fr')}>
      <StaffGroup rows={rows} query={query} mobile={mobile} />
    </I18nextProvider>,
  );
  return [...document.querySelectorAll('li')].filter((card) => /François|Lise/.test(card.textContent ?? ''));
}

describe('staff cards on a phone', () => {
  it('show classes and the governing-board seat only for the people who have them', () => {
    const [francois, lise] = renderCards();
    expect(francois!.textContent).toContain('Classes');
    expect(francois!.textContent).toContain(rows.find((row) => row.name.startsWith('François'))!.classes[0]);
    expect(francois!.textContent).toContain("Conseil d'établissement (rôle et rang)");
    expect(lise!.textContent).not.toContain('Classes');
    expect(lise!.textContent).not.toContain("Conseil d'établissement");
    expect(lise!.textContent).not.toMatch(/(^|\s)-(\s|$)/);
    expect(screen.getAllByText('Coordonnées')).toHaveLength(2);
  });
});

// At 375 px « Ext. 1234 » ran straight into « Add to contacts »: an inline <small> beside the inline button.
describe("a staff member's extension", () => {
  const withExtension = {
    ...FIXTURE,
    staff: [
      { id: '01K3J4A0S00000000000000003', firstName: 'Noé', lastName: 'Ouellet', title: { fr: 'Concierge', en: 'Janitor' }, department: 'administration' as const, classIndexes: [], phone: '5145550104', extension: '1234' },
    ],
  };
  const extensionRows = staffRows(buildDirectoryIndex(withExtension), 'fr');

  it.each([
    ['fr', true, 'Poste 1234', 'Ajouter aux contacts'],
    ['en', true, 'Ext. 1234', 'Add to contacts'],
    ['fr', false, 'Poste 1234', 'Ajouter aux contacts'],
  ] as const)('%s (phone layout: %s) is on a line of its own, not run into the contacts button', (locale, mobile, extension, add) => {
    render(
      <I18nextProvider i18n={createI18n(locale)}>
        <StaffGroup rows={extensionRows} query="" mobile={mobile} />
      </I18nextProvider>,
    );
    const line = screen.getByText(extension);
    expect(line.className).toMatch(/awsui_d-block_/);
    expect(line.textContent).toBe(extension);
    expect(screen.getByRole('button', { name: /Noé Ouellet/ }).textContent).toBe(add);
  });

  // A staff member with no phone of their own keeps the extension they set through their link (the school's line).
  it.each([
    ['fr', true, 'Poste 1234'],
    ['en', true, 'Ext. 1234'],
    ['fr', false, 'Poste 1234'],
  ] as const)('%s (phone layout: %s) is shown alone without a phone of their own', (locale, mobile, extension) => {
    const phoneless = { ...withExtension, staff: withExtension.staff.map((s) => ({ ...s, phone: undefined, email: 'noe.ouellet@exemple.ca' })) };
    render(
      <I18nextProvider i18n={createI18n(locale)}>
        <StaffGroup rows={staffRows(buildDirectoryIndex(phoneless), 'fr')} query="" mobile={mobile} />
      </I18nextProvider>,
    );
    expect(screen.getByText('noe.ouellet@exemple.ca')).toBeTruthy();
    expect(screen.getByText(extension).textContent).toBe(extension);
  });
});

describe('the staff search marks the query', () => {
  it.each([true, false])('in the name, the title and the email (phone layout: %s)', (mobile) => {
    renderCards('ro', mobile);
    // « Roy » in the name and in the email, « Secrétaire » is not a match; « ro » in « François » is not either.
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Ro', 'ro']);
    expect(document.querySelector('a[href="mailto:lise.roy@exemple.ca"] mark')?.textContent).toBe('ro');
    cleanup();
    renderCards('secr', mobile);
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Secr']);
  });
});
