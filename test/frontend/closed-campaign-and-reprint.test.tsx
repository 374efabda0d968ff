// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { CampaignCard } from '../../frontend/src/features/annual-update/components/campaign-card';
import { ParticipantsTable } from '../../frontend/src/features/annual-update/components/participants-table';
import { ReprintChoice } from '../../frontend/src/features/annual-update/components/paper-letters';
import { campaignState } from '../../frontend/src/features/annual-update/model/campaign-state';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { CampaignView, ParticipantView } from '@shared/contracts/annual-update-api';
import { participantRow } from './participant-row';

/**
 * A closed campaign offers only what makes sense then (docs/annual-update.md, "Campaign lifecycle"): one primary
 * action (reopen while it can be, else start a new campaign), no row selection (nothing is sent), no reminders line.
 * The reprint of chosen parents' letters says none is chosen instead of a disabled « Réimprimer 0 lettre ».
 */
afterEach(cleanup);

const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const OPEN = {
  id: ID(9999), schoolYear: '2026-2027', status: 'active', createdAt: '2026-09-01T12:00:00.000Z', deadline: '2026-12-19',
  counts: { totalParents: 2, reachable: 2, unreachable: 0, emailsSent: 1, formsSubmitted: 1, optedOut: 0 },
  progress: { completed: 1, total: 2, percentage: 50 }, reminders: { days: [7, 2], sent: [], nextOn: '2026-12-12' },
} as unknown as CampaignView;
const CLOSED = { ...OPEN, status: 'completed', completedAt: '2026-12-20T17:00:00.000Z', reopenUntil: '2028-12-19', reminders: { days: [7, 2], sent: [7] } } as CampaignView;
const PEOPLE: ParticipantView[] = [
  participantRow({ parentId: ID(1), firstName: 'Léa', lastName: 'Gagnon', email: 'lea@ecole.example', emailSent: true, emailsSent: 1, submitted: true }),
  participantRow({ parentId: ID(2), firstName: 'Minh', lastName: 'Beaudoin', email: 'minh@ecole.example', emailSent: true, emailsSent: 1 }),
];

const inFrench = (ui: React.ReactNode) => render(<I18nextProvider i18n={createI18n('fr')}>{ui}</I18nextProvider>);

describe('what a closed campaign offers', () => {
  it('one primary action: reopening while it can be reopened, then starting a new campaign', () => {
    expect(campaignState(OPEN, '2026-12-01')).toMatchObject({ phase: 'open', active: true, canStart: false });
    expect(campaignState(OPEN, '2026-12-01').primary).toBeUndefined();
    expect(campaignState(CLOSED, '2027-01-10')).toMatchObject({ phase: 'closed', active: false, canReopen: true, canStart: true, primary: 'reopen' });
    expect(campaignState(CLOSED, '2028-12-20')).toMatchObject({ canReopen: false, canStart: true, primary: 'start' });
  });

  it('the participants have row checkboxes while the campaign is open, none once it is closed', () => {
    const table = (campaign: CampaignView) => (
      <ParticipantsTable campaign={campaign} participants={PEOPLE} loading={false} canSend={campaign.status === 'active'} onSend={() => undefined} />
    );
    inFrench(table(OPEN));
    expect(screen.getAllByRole('checkbox', { name: /Léa Gagnon$/ })).toHaveLength(1);
    cleanup();
    inFrench(table(CLOSED));
    expect(screen.getByText('Gagnon, Léa')).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('the participants\' count is not « (0) » while the rows load', () => {
    inFrench(<ParticipantsTable campaign={CLOSED} participants={[]} loading canSend={false} onSend={() => undefined} />);
    expect(screen.getByRole('heading', { name: /^Participants/ }).textContent).not.toContain('(0)');
    cleanup();
    inFrench(<ParticipantsTable campaign={CLOSED} participants={PEOPLE} loading={false} canSend={false} onSend={() => undefined} />);
    expect(screen.getByRole('heading', { name: /^Participants/ }).textContent).toContain('(2)');
  });

  it('the card announces the automatic reminders while open, not once closed', () => {
    const { container } = inFrench(<CampaignCard campaign={OPEN} />);
    expect(container.textContent).toContain('Rappels automatiques');
    cleanup();
    const closed = inFrench(<CampaignCard campaign={CLOSED} />);
    expect(closed.container.textContent).not.toContain('Rappels automatiques');
    expect(closed.container.textContent).not.toContain('Prochain rappel');
  });
});

describe('reprinting chosen parents\' letters', () => {
  const printed = PEOPLE;
  const choice = (lang: 'fr' | 'en', chosen: number) =>
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ReprintChoice
          printed={printed}
          chosen={printed.slice(0, chosen).map((p) => ({ value: p.parentId, label: `${p.lastName}, ${p.firstName}` }))}
          onChange={() => undefined}
          disabled={false}
          onReprint={() => undefined}
        />
      </I18nextProvider>,
    );

  it.each([
    ['fr', 'Aucun parent choisi\u00a0: choisissez-en un ou plusieurs pour réimprimer leur lettre.', 'Réimprimer 1 lettre', 'Réimprimer 2 lettres'],
    ['en', 'No parent chosen: choose one or more to reprint their letters.', 'Reprint 1 letter', 'Reprint 2 letters'],
  ] as const)('%s: says no parent is chosen instead of a disabled button for 0 letters; 1 letter, 2 letters', (lang, none, one, two) => {
    const { container } = choice(lang, 0);
    expect(container.textContent).toContain(none);
    expect(screen.queryByRole('button', { name: /(Réimprimer|Reprint) 0/ })).toBeNull();
    cleanup();
    choice(lang, 1);
    const button = screen.getByRole('button', { name: one });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    cleanup();
    choice(lang, 2);
    expect(screen.getByRole('button', { name: two })).toBeTruthy();
  });
});
