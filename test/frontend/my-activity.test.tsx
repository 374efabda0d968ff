// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { profileKeys } from '../../frontend/src/features/profile/api/profile-queries';
import { MyActivity } from '../../frontend/src/features/profile/components/my-activity';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { ActivityEntry } from '@shared/contracts/privacy-activity-api';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';

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
const CONFIG = { mode: 'local', region: 'ca-central-1', userPoolId: 'local_x', userPoolClientId: 'x', apiBaseUrl: 'http://127.0.0.1:9/api', contactEmail: 'c@ecole.example', build: 't' } as RuntimeConfig;

afterEach(cleanup);

function renderActivity(lang: 'fr' | 'en') {
  // The answer already read: nothing is asked of a server.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(profileKeys.activity, ENTRIES);
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <RuntimeConfigProvider config={CONFIG}>
        <QueryClientProvider client={client}>
          <MyActivity />
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
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
