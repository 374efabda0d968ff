// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { CommitteesList } from '../../frontend/src/features/committees/components/committees-list';
import { meKey } from '../../frontend/src/lib/api/me-queries';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { FIXTURE } from './directory-fixture';
import { renderWithAnswers } from './render-screen';

/**
 * A committee open to sign-ups says so on the Committees screen, with where a parent joins (a trial's parent found no
 * way to join from it); staff read that it welcomes parents. The others say nothing of it.
 */
afterEach(cleanup);

const directory = { ...FIXTURE, committees: FIXTURE.committees.map((c, i) => (i === 1 ? { ...c, openToSignUps: true as const } : c)) };
const me = (userType: 'parent' | 'staff') => ({ email: 'a@ecole.example', displayName: 'A', userType, personIds: [], isAdmin: false });

describe('a committee open to sign-ups on the Committees screen', () => {
  it.each([
    ['fr', 'parent', 'Recrute', 'pour vous y inscrire, allez à Mon profil.'],
    ['en', 'parent', 'Recruiting', 'to join, go to My Profile.'],
    ['fr', 'staff', 'Recrute', 'Ce comité accueille de nouveaux membres parmi les parents.'],
  ] as const)('%s, %s: says it recruits, and where to join', (locale, userType, badge, sentence) => {
    const { container } = renderWithAnswers(<CommitteesList index={buildDirectoryIndex(directory)} />, {
      locale,
      answers: [[meKey, me(userType)]],
      at: '/committees',
    });
    expect(container.textContent).toContain(sentence);
    // Once: the board, closed to sign-ups, says nothing of it.
    expect(screen.getAllByText(badge)).toHaveLength(1);
    const links = screen.queryAllByRole('link', { name: locale === 'fr' ? 'Mon profil' : 'My Profile' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(userType === 'parent' ? ['/profile'] : []);
  });

  // Eight « Autres membres (0) · Aucun » said nothing: the group shows only where there are such members.
  it('lists members who are neither parents nor staff only where a committee has some', () => {
    const oneWithout = { ...directory, committees: directory.committees.map((c, i) => (i === 0 ? { ...c, others: [] } : c)) };
    const { container } = renderWithAnswers(<CommitteesList index={buildDirectoryIndex(oneWithout)} />, {
      locale: 'fr',
      answers: [[meKey, me('parent')]],
      at: '/committees',
    });
    expect(container.textContent!.match(/Autres membres \(\d+\)/g)).toEqual(['Autres membres (1)']);
    expect(container.textContent!.match(/Parents \(\d+\)/g)).toHaveLength(2);
  });
});
