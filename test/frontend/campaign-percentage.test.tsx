// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { I18nextProvider } from 'react-i18next';
import { CampaignCard } from '../../frontend/src/features/annual-update/components/campaign-card';
import { ParticipantsTable } from '../../frontend/src/features/annual-update/components/participants-table';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { formatPercent } from '../../frontend/src/lib/percent';
import type { CampaignView, ParticipantView } from '@shared/contracts/annual-update-api';
import { participantRow } from './participant-row';

/**
 * A campaign's answered share, written one way wherever it shows (lib/percent.ts): a new user read « 1 % » above
 * « 2/420 (0,5 %) », one figure rounded twice. The card (and the dashboard, the same bar), the manager's header and
 * its filtered summary all go through formatPercent: « 0,5 % » in French, "0.5%" in English.
 */
const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const CAMPAIGN = {
  id: ID(9999), schoolYear: '2026-2027', status: 'active', createdAt: '2026-09-01T12:00:00.000Z',
  counts: { totalParents: 420, reachable: 420, unreachable: 0, emailsSent: 420, formsSubmitted: 2, optedOut: 0 },
  // The server's figure (views.ts): 2/420, to a tenth.
  progress: { completed: 2, total: 420, percentage: 0.5 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;
const ROWS: ParticipantView[] = [
  participantRow({ parentId: ID(1), firstName: 'Zoé', lastName: 'Alarie', email: 'a@ecole.example', emailSent: true, emailsSent: 1, submitted: true }),
  participantRow({ parentId: ID(2), firstName: 'Léo', lastName: 'Bélanger', email: 'b@ecole.example', emailSent: true, emailsSent: 1 }),
  participantRow({ parentId: ID(3), firstName: 'Éloi', lastName: 'Côté', email: 'c@ecole.example', emailSent: true, emailsSent: 1 }),
];

afterEach(cleanup);

describe('formatPercent', () => {
  it('writes a percentage to a tenth at most, in each language', () => {
    expect(formatPercent(0.5, 'fr')).toBe('0,5\u00a0%');
    expect(formatPercent(0.5, 'en')).toBe('0.5%');
    expect(formatPercent(42.9, 'fr')).toBe('42,9\u00a0%');
    expect(formatPercent(33, 'en')).toBe('33%');
    expect(formatPercent(100, 'fr')).toBe('100\u00a0%');
    expect(formatPercent(0, 'en')).toBe('0%');
  });
});

describe("a campaign's answered share, one format on every screen", () => {
  it.each([
    ['fr', '2/420 complétés (0,5\u00a0%)', '3 parents affichés\u00a0: 1 formulaire soumis, 2 en attente — 33,3\u00a0% de réponses'],
    ['en', '2/420 completed (0.5%)', '3 parents shown: 1 submitted, 2 pending — 33.3% answered'],
  ] as const)('%s: the card, the manager\'s header and its summary', (lang, progress, summary) => {
    const i18n = createI18n(lang);
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <CampaignCard campaign={CAMPAIGN} />
      </I18nextProvider>,
    );
    // (The page's text as is: getByText would collapse the no-break space.)
    expect(container.textContent).toContain(progress);
    // The bar's own figure, at no size (one figure for the answers), is the app's, not Cloudscape's rounded « 1% »;
    // a screen reader hears the same percentage (aria-valuetext), not the bar's whole value.
    const own = container.querySelector('progress + [aria-hidden="true"] > *') as HTMLElement;
    expect(own.textContent).toBe(formatPercent(0.5, lang));
    expect(own.style.fontSize).toMatch(/^0(px)?$/);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(formatPercent(0.5, lang));
    expect(container.textContent).not.toMatch(/\b1\s?%/);
    cleanup();

    render(
      <I18nextProvider i18n={i18n}>
        <ParticipantsTable campaign={CAMPAIGN} participants={ROWS} loading={false} canSend onSend={() => undefined} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('campaign-progress').textContent).toBe(progress);
    // A filter on: the rows shown, their share in the same format (1 answered out of 3).
    createWrapper().findTextFilter()!.findInput().setInputValue('ecole.example');
    expect(screen.getByTestId('shown-summary').textContent).toBe(summary);
  });
});

describe("what a screen reader hears of a campaign's bar", () => {
  it.each([
    ['fr', 'Réponses : 0,5 %'],
    ['en', 'Answers: 0.5%'],
  ] as const)('the label, the colon and the percentage of the reader\'s language (%s)', async (lang, heard) => {
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <CampaignCard campaign={CAMPAIGN} />
      </I18nextProvider>,
    );
    // Cloudscape's announcement: the live region's text nodes joined with spaces, as its live region joins them
    // (live-region/internal.js), which made "Answers : 0.5%".
    const live = createWrapper().findProgressBar()!.getElement().querySelector('span[hidden]')!;
    const announced = () => Array.from(live.childNodes, (node) => node.textContent ?? '').join(' ').replace(/\s+/g, ' ').trim();
    await waitFor(() => expect(announced()).toBe(heard));
  });
});
