// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ParticipationSection } from '../../frontend/src/components/parent-form/form-sections';
import { CardPreview } from '../../frontend/src/components/privacy/card-preview';
import type { FormValues } from '../../frontend/src/lib/parent-form/form-values';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { ParentDetails } from '@shared/rules/visibility';

/**
 * The privacy choices on the parent form (My Profile and the update link). "Your card as others see it" (issue 31, item 8): three viewers' cards, or one when all three would see the same
 * card (every field for the whole school, or name only), saying so once instead of three identical cards.
 */
const PARENT: ParentDetails = {
  id: '01JD0000000000000000000001',
  firstName: 'Zoé',
  lastName: 'Tremblay',
  email: 'zoe@courriel.example',
  phone: '5145550123',
  interests: [],
  skills: '',
  participation: 'full',
  audiences: { email: 'school', phone: 'school', address: 'school', profile: 'school' },
};
const VIEWERS = ["Un parent d'une autre classe", 'Un parent de la même classe', 'Un membre du personnel'];
const EVERYONE = 'Tout le monde voit la même fiche\u00a0: les parents de toutes les classes et le personnel';

function renderPreview(parent: ParentDetails, lang: 'fr' | 'en' = 'fr') {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <CardPreview parent={parent} lang={lang} />
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('card preview', () => {
  it('shows one card, said to be everyone\'s, when every field is for the whole school', () => {
    renderPreview(PARENT);
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([EVERYONE]);
    expect(screen.getAllByText('Zoé Tremblay')).toHaveLength(1);
    for (const viewer of VIEWERS) expect(screen.queryByText(viewer)).toBeNull();
  });

  it('and once for name only, in English too', () => {
    renderPreview({ ...PARENT, participation: 'nameOnly', audiences: undefined }, 'en');
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'Everyone sees the same card: parents of every class and staff',
    ]);
    expect(screen.getAllByText('Zoé Tremblay')).toHaveLength(1);
  });

  it("wraps a long link in the skills inside each card (a phone's page never widens)", () => {
    const link = 'https://docs.google.com/forms/d/e/1FAIpQLSfD8xK3vQmZ7pL2nR9tY6wB4cH1jK5sA0uE3iO8gT7fV2bN6m/viewform?usp=sf_link';
    renderPreview({ ...PARENT, skills: link, audiences: { ...PARENT.audiences!, phone: 'classes' } });
    for (const card of screen.getAllByRole('region')) {
      expect(card.textContent).toContain(link);
      expect(card.style.overflowWrap).toBe('anywhere');
      expect(card.style.minWidth).toBe('0');
    }
  });

  it('shows each viewer\'s card when they differ', () => {
    renderPreview({ ...PARENT, audiences: { ...PARENT.audiences!, phone: 'classes' } });
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(VIEWERS);
    expect(screen.queryByText(EVERYONE)).toBeNull();
  });
});

describe('participation choice', () => {
  const values: FormValues = {
    version: 1, firstName: 'Zoé', lastName: 'Tremblay', phone: '', street: '', city: '', postalCode: '', interests: [], skills: '',
    participation: 'full', audiences: PARENT.audiences!, preferredLanguage: 'fr', join: [], leave: [], shareAddressWith: [],
  };

  it('offers "name only" once, as the participation\'s third choice (no second checkbox for withdrawing)', () => {
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <ParticipationSection values={values} errors={{}} lang="fr" onChange={() => undefined} />
      </I18nextProvider>,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.getAllByText(/nom seulement/i)).toHaveLength(1);
    // What the checkbox said is now said by the choice itself.
    expect(screen.getByText(/Vous pourrez revenir en tout temps/)).toBeTruthy();
  });
});
