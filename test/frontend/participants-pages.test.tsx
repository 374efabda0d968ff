// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ParticipantsTable } from '../../frontend/src/features/annual-update/components/participants-table';
import { PARTICIPANTS_PAGE_SIZE } from '../../frontend/src/features/annual-update/hooks/use-participants';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { CampaignView, ParticipantView, SendRequest } from '@shared/contracts/annual-update-api';
import { participantRow } from './participant-row';

/**
 * The participants manager in pages (docs/decisions/the-participants-manager-in-pages.md, "The participants manager in pages"): a page of rows at a
 * time, a selection kept from page to page, and the filters' summary and the send counting every row they leave,
 * not only the page's. jsdom's window is 1,024 px wide: the phone's layout, one card per parent.
 */
const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const person = (n: number, lastName: string, patch: Partial<ParticipantView> = {}): ParticipantView =>
  participantRow({ parentId: ID(n), firstName: `Prénom${String(n).padStart(2, '0')}`, lastName, email: `p${n}@ecole.example`, ...patch });
// 40 Gagnon (every fifth one answered), then 10 Tremblay: 50 rows, two pages.
const PARTICIPANTS = [
  ...Array.from({ length: 40 }, (_, i) => person(i + 1, 'Gagnon', i % 5 === 0 ? { emailSent: true, emailsSent: 1, submitted: true } : {})),
  ...Array.from({ length: 10 }, (_, i) => person(i + 41, 'Tremblay')),
];
const CAMPAIGN = {
  id: ID(9999), schoolYear: '2026-2027', status: 'active', createdAt: '2026-09-01T12:00:00.000Z',
  counts: { totalParents: 50, reachable: 50 },
  progress: { completed: 10, total: 50, percentage: 20 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;

afterEach(cleanup);

function renderManager() {
  const sends: SendRequest[] = [];
  render(
    <I18nextProvider i18n={createI18n('fr')}>
      <ParticipantsTable campaign={CAMPAIGN} participants={PARTICIPANTS} loading={false} canSend onSend={(request) => sends.push(request)} />
    </I18nextProvider>,
  );
  return sends;
}

// A card's box is named by the selection group, then the parent ("Sélection des participants Prénom01 Gagnon").
const checkboxes = () => screen.getAllByRole('checkbox', { name: /Prénom\d+ \S+$/ });
const tick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(` ${name}$`) }));
const sendButton = () => screen.getByRole('button', { name: /^Envoyer à la sélection/ });
/** The send asks first (test/frontend/send-confirm.test.tsx): its dialog's button sends. */
const confirmSend = (name: string) =>
  fireEvent.click(within(screen.getByRole('dialog', { name: "Confirmer l'envoi des courriels" })).getByRole('button', { name }));

describe('the participants manager in pages', () => {
  it('shows a page of rows, the next page on demand, and keeps the selection from page to page', () => {
    const sends = renderManager();
    expect(checkboxes()).toHaveLength(PARTICIPANTS_PAGE_SIZE);
    expect(screen.queryByRole('checkbox', { name: / Prénom41 Tremblay$/ })).toBeNull();
    tick('Prénom02 Gagnon');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(checkboxes()).toHaveLength(PARTICIPANTS.length - PARTICIPANTS_PAGE_SIZE);
    tick('Prénom45 Tremblay');
    expect(sendButton().textContent).toBe('Envoyer à la sélection (2)');
    fireEvent.click(sendButton());
    expect(sends).toEqual([]);
    confirmSend('Envoyer à 2 parents');
    expect(sends).toEqual([{ mode: 'selected', parentIds: [ID(2), ID(45)] }]);
  });

  it('counts every row the search leaves in its summary, and drops the rows it hides from the selection', () => {
    const sends = renderManager();
    tick('Prénom03 Gagnon');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    tick('Prénom41 Tremblay');
    fireEvent.change(screen.getByPlaceholderText('Nom, courriel ou classe'), { target: { value: 'gagnon' } });
    // 40 rows match, 30 on this page: the summary counts the 40.
    expect(screen.getByTestId('shown-summary').textContent).toBe(
      '40 parents affichés\u00a0: soumis 8, retirés 0, en attente 32 — 20\u00a0% de réponses',
    );
    expect(checkboxes()).toHaveLength(PARTICIPANTS_PAGE_SIZE);
    // Tremblay is hidden by the search: only Gagnon's box stays ticked, and only Gagnon is sent to.
    expect(sendButton().textContent).toBe('Envoyer à la sélection (1)');
    fireEvent.click(sendButton());
    confirmSend('Envoyer à 1 parent');
    expect(sends).toEqual([{ mode: 'selected', parentIds: [ID(3)] }]);
  });
});
