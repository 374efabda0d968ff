// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { AdminDashboardPage } from '../../frontend/src/features/admin/pages/admin-dashboard-page';
import { adminMessagesKey, campaignKeys, committeeSignUpsKey, privacyRequestsKey, progressionCurrentKey } from '../../frontend/src/lib/api/admin-query-keys';
import { renderWithAnswers } from './render-screen';
import type { AdminMessagesResponse, Message } from '@shared/contracts/messages-api';
import { classMessage } from '../support/message-fixture';

/**
 * The dashboard's « Messages à approuver » card (docs/messages.md, "Approval"). A new user's trial: with approval on,
 * a representative's message waited and nothing on /admin said so; it was found only by opening the messages' log.
 */
const SETTINGS = { classRepresentatives: true, committeeChairs: true, teachers: true, approveRepresentatives: true, withdrawn: [], version: 1 };

let seq = 0;
function message(status: Message['status'], createdAt: string, author: string, subject: string): Message {
  seq += 1;
  return classMessage({
    id: `01K3J4A0S0000000000000000${seq}`,
    createdAt,
    author: { ...classMessage().author, name: author, personId: `01K3J4A0S0000000000000010${seq}` },
    subject: { fr: subject },
    status,
    counts: { recipients: 10, pending: status === 'pendingApproval' ? 10 : 0, sent: 0, skipped: 0, failed: 0 },
  });
}

afterEach(cleanup);

function renderDashboard(lang: 'fr' | 'en', messages: AdminMessagesResponse) {
  // Every card's answer already read.
  renderWithAnswers(<AdminDashboardPage />, {
    locale: lang,
    answers: [
      [campaignKeys.current, { campaign: null }],
      [progressionCurrentKey, { schoolYear: '2026-2027', progression: null }],
      [privacyRequestsKey, { requests: [], open: 0, overdue: 0 }],
      [committeeSignUpsKey, { total: 0, recent: [] }],
      [adminMessagesKey, messages],
    ],
  });
  return screen.getByTestId('pending-messages-card');
}

describe('the dashboard card of the messages awaiting approval', () => {
  const waiting = [
    message('pendingApproval', '2026-11-30T10:00:00.000Z', 'Geneviève Thibault', 'Sortie au musée'),
    message('sent', '2026-11-29T10:00:00.000Z', 'Marc Roy', 'Déjà envoyé'),
    message('pendingApproval', '2026-11-28T10:00:00.000Z', 'Éloïse Caron', 'Photo de classe'),
    message('pendingApproval', '2026-11-30T11:00:00.000Z', 'Noé Ouellet', 'Collecte'),
    message('pendingApproval', '2026-11-30T12:00:00.000Z', 'Léa Gagnon', 'Spectacle'),
    message('rejected', '2026-11-27T10:00:00.000Z', 'Inès Roy', 'Refusé'),
  ];

  it.each([
    ['fr', 'Messages à approuver', "En attente d'approbation", 'Éloïse Caron — Classe A\u00a0: «\u00a0Photo de classe\u00a0»', 'Voir les messages'],
    ['en', 'Messages to approve', 'Awaiting approval', 'Éloïse Caron — Class A: “Photo de classe”', 'See the messages'],
  ] as const)('%s: counts the waiting messages and names the oldest three, with a link to the messages', (lang, title, label, oldest, link) => {
    const card = renderDashboard(lang, { messages: waiting, settings: SETTINGS });
    expect(within(card).getByRole('heading', { name: title })).toBeTruthy();
    const count = within(card).getByTestId('pending-messages-count');
    expect(count.textContent).toBe(`${label}4`);
    const items = within(within(card).getByTestId('pending-messages-list')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toBe(oldest);
    expect(items.join(' ')).toContain('Geneviève Thibault');
    expect(items.join(' ')).not.toContain('Léa Gagnon');
    expect(within(card).getByRole('link', { name: link }).getAttribute('href')).toBe('/admin/messages');
  });

  it.each([
    ['fr', true, "Aucun message n'attend votre approbation."],
    ['en', true, 'No message is waiting for your approval.'],
    ['fr', false, 'Les messages des représentants partent sans approbation (réglage de la page des messages).'],
  ] as const)('%s (approval on: %s): says when none waits', (lang, approve, text) => {
    const card = renderDashboard(lang, { messages: [waiting[1]!], settings: { ...SETTINGS, approveRepresentatives: approve } });
    expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).queryByTestId('pending-messages-count')).toBeNull();
  });
});
