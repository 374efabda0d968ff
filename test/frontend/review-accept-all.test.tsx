// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import type { ReviewItem } from '@shared/rules/annual-update-review';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { AnnualUpdateReviewPage } from '../../frontend/src/features/annual-update/pages/annual-update-review-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { loopbackApiPerFile } from './loopback-api';

/**
 * The review screen's button that accepts a parent's whole answer says what it does, with its count (« Accepter les
 * 3 changements », « Accepter le changement »; a trial read « Tout accepter » for one change), and the message after
 * it says the same (« 3 changements publiés pour … »).
 */
const api = loopbackApiPerFile();

const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const CAMPAIGN = {
  id: ID(9999), schoolYear: '2093-2094', status: 'active', createdAt: '2093-09-01T12:00:00.000Z', review: true,
  counts: { totalParents: 2, reachable: 2, unreachable: 0, emailsSent: 2, formsSubmitted: 2, optedOut: 0 },
  progress: { completed: 2, total: 2, percentage: 100 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;
const ITEMS: ReviewItem[] = [
  {
    parentId: ID(1), firstName: 'Léa', lastName: 'Gagnon', version: 3, submittedAt: '2093-09-03T14:10:00.000Z',
    changes: [
      { field: 'phone', old: '5145550101', new: '5145550102' },
      { field: 'skills', old: 'Couture', new: 'Menuiserie' },
      { field: 'lastName', old: 'Gagnon', new: 'Gagnon-Roy' },
    ],
  },
  { parentId: ID(2), firstName: 'Minh', lastName: 'Beaudoin', version: 1, submittedAt: '2093-09-04T14:10:00.000Z', changes: [{ field: 'phone', new: '5145550103' }] },
];

function reviewScreen(lang: 'fr' | 'en') {
  api.answers['/api/admin/annual-update'] = { campaign: CAMPAIGN, activeJob: null };
  api.answers[`/api/admin/annual-update/campaigns/${CAMPAIGN.id}/review`] = { items: ITEMS };
  api.answers[`/api/admin/annual-update/campaigns/${CAMPAIGN.id}/review/${ID(1)}`] = { item: null };
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <RuntimeConfigProvider config={api.config()}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <AnnualUpdateReviewPage />
          </MemoryRouter>
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}

describe("the review screen's button that accepts a whole answer", () => {
  it.each([
    ['fr', 'Accepter les 3 changements', '3 changements publiés pour Léa Gagnon.'],
    ['en', 'Accept all 3 changes', '3 changes published for Léa Gagnon.'],
  ] as const)('%s: says how many changes it accepts, and the message after it says the same', async (lang, three, published) => {
    reviewScreen(lang);
    const acceptThree = await screen.findByRole('button', { name: `${three} (Léa Gagnon)` });
    expect(acceptThree.textContent).toBe(three);
    fireEvent.click(acceptThree);
    expect(await screen.findByText(published)).toBeTruthy();
  });
});

// A trial read « Accepter le changement » under the name and « Accepter » under the field for one change: two
// buttons for one decision. One change has its field's Accept and Reject only; several keep Accept all too.
describe('an answer with a single change', () => {
  it.each([
    ['fr', 'Accepter', 'Refuser', 'Accepter le changement', 'Téléphone', 'Changement publié pour Minh Beaudoin.'],
    ['en', 'Accept', 'Reject', 'Accept the change', 'Phone', 'Change published for Minh Beaudoin.'],
  ] as const)('%s: one accept action, beside the reject', async (lang, accept, reject, acceptAll, phone, published) => {
    reviewScreen(lang);
    api.answers[`/api/admin/annual-update/campaigns/${CAMPAIGN.id}/review/${ID(2)}`] = { item: null };
    await screen.findByRole('button', { name: `${accept} ${phone} (Minh Beaudoin)` });
    const minh = screen.getAllByRole('button').filter((b) => (b.getAttribute('aria-label') ?? '').endsWith('(Minh Beaudoin)'));
    expect(minh.map((b) => b.textContent)).toEqual([accept, reject]);
    expect(screen.queryByRole('button', { name: `${acceptAll} (Minh Beaudoin)` })).toBeNull();
    // Léa's three changes keep a per-field Accept each.
    const lea = screen.getAllByRole('button').filter((b) => (b.getAttribute('aria-label') ?? '').endsWith('(Léa Gagnon)'));
    expect(lea.filter((b) => b.textContent === accept)).toHaveLength(3);
    fireEvent.click(minh[0]!);
    expect(await screen.findByText(published)).toBeTruthy();
  });
});

// A trial's one tap on « Refuser » threw away a parent's new address on a phone: a refusal asks first.
describe('rejecting a change', () => {
  it.each([
    ['fr', 'Refuser', 'Téléphone', 'Refuser ce changement?', 'Le changement «\u00a0Téléphone\u00a0» envoyé par Minh Beaudoin ne sera pas publié, et il est effacé. Le parent en est avisé par courriel', 'Annuler', 'Changement refusé pour Minh Beaudoin.'],
    ['en', 'Reject', 'Phone', 'Reject this change?', 'The "Phone" change sent by Minh Beaudoin will not be published, and it is deleted. The parent is told by email', 'Cancel', 'Change rejected for Minh Beaudoin.'],
  ] as const)('%s: asks first; cancelled, nothing is decided; confirmed, the change is refused', async (lang, reject, phone, title, body, cancel, done) => {
    reviewScreen(lang);
    api.answers[`/api/admin/annual-update/campaigns/${CAMPAIGN.id}/review/${ID(2)}`] = { item: null };
    fireEvent.click(await screen.findByRole('button', { name: `${reject} ${phone} (Minh Beaudoin)` }));
    const dialog = (await screen.findByText(title)).closest<HTMLElement>('[role=dialog]')!;
    expect(dialog.textContent).toContain(body);
    fireEvent.click(within(dialog).getByRole('button', { name: cancel }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(done)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `${reject} ${phone} (Minh Beaudoin)` }));
    const again = (await screen.findByText(title)).closest<HTMLElement>('[role=dialog]')!;
    fireEvent.click(within(again).getByRole('button', { name: reject }));
    expect(await screen.findByText(done)).toBeTruthy();
  });
});

