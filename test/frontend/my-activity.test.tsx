// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { profileKeys } from '../../frontend/src/features/profile/api/profile-queries';
import { MyActivity } from '../../frontend/src/features/profile/components/my-activity';
import { renderWithAnswers } from './render-screen';
import type { ActivityEntry } from '@shared/contracts/privacy-activity-api';

/**
 * « Activité sur mes renseignements » (My Profile, docs/privacy.md "Transparency for parents") in words. A new user's
 * trial: the parent's own change, accepted by an administrator in the campaign's review, read « Fiche modifiée par un
 * administrateur »; the server now says it was a decision on the parent's change (lambdas/privacy/activity), and the
 * page says so.
 */
const ENTRIES: ActivityEntry[] = [
  { at: '2026-10-07T14:00:00.000Z', role: 'coParent', kind: 'addressShared', fields: ['address'] },
  { at: '2026-10-06T14:00:00.000Z', role: 'administrator', kind: 'rejected', fields: ['address'] },
  { at: '2026-10-05T14:00:00.000Z', role: 'administrator', kind: 'accepted', fields: ['phone'] },
  { at: '2026-09-02T14:00:00.000Z', role: 'administrator', kind: 'changed', fields: ['email'] },
];

afterEach(cleanup);

function renderActivity(lang: 'fr' | 'en') {
  renderWithAnswers(<MyActivity />, { locale: lang, answers: [[profileKeys.activity, ENTRIES]] });
}

describe('my activity in words', () => {
  it.each([
    ['fr', 'Activité sur mes renseignements', [
      "Adresse mise à jour par l'autre parent de la famille, qui l'a partagée avec vous. Champs modifiés\u00a0: adresse.",
      "Votre modification, refusée par un administrateur, n'a pas été publiée. Champs concernés\u00a0: adresse.",
      'Votre modification, acceptée par un administrateur, a été publiée dans le bottin. Champs modifiés\u00a0: téléphone.',
      'Fiche modifiée par un administrateur. Champs modifiés\u00a0: courriel.',
    ]],
    ['en', 'Activity on my information', [
      "Address updated by the family's other parent, who shared it with you. Fields changed: address.",
      'Your change, rejected by an administrator, was not published. Fields concerned: address.',
      'Your change, accepted by an administrator, was published in the directory. Fields changed: phone.',
      'Record changed by an administrator. Fields changed: email.',
    ]],
  ] as const)('%s: an accepted or rejected change is the parent\'s own, decided by an administrator', (lang, title, lines) => {
    renderActivity(lang);
    const items = within(screen.getByRole('list', { name: title })).getAllByRole('listitem');
    // Each item: the date, then the sentence.
    expect(items.map((item) => item.lastElementChild?.textContent)).toEqual(lines);
  });
});
