// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { PrivacyRequestsPage } from '../../frontend/src/features/privacy-requests/pages/privacy-requests-page';
import { privacyRequestsKey } from '../../frontend/src/lib/api/admin-query-keys';
import type { PrivacyRequestView } from '@shared/contracts/privacy-requests-api';
import { RequestsTable } from '../../frontend/src/features/privacy-requests/components/requests-table';
import { renderWithAnswers } from './render-screen';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { windowWidthPerTest } from './window-width';
import createWrapper from '@cloudscape-design/components/test-utils/dom';

/**
 * The privacy requests queue (/admin/privacy-requests, frontend/src/features/privacy-requests/components/requests-table.tsx):
 * at 375 px its five-column table cut off the Status column. Below 1280 px each request is a card with every field
 * stacked, as the other admin lists (useIsMobile); choosing one still opens it.
 */
const setWidth = windowWidthPerTest();

const request = (id: string, name: string, overrides: Partial<PrivacyRequestView>): PrivacyRequestView => ({
  id,
  kind: 'access',
  details: 'Une copie de mes renseignements.',
  requester: { parentId: '01JD0000000000000000000009', name, language: 'fr' },
  via: 'profile',
  receivedAt: '2030-01-02T15:00:00.000Z',
  dueAt: '2030-02-01T15:00:00.000Z',
  status: 'received',
  notes: [],
  emails: { receipt: 'sent' },
  version: 1,
  updatedAt: '2030-01-02T15:00:00.000Z',
  overdue: false,
  ...overrides,
});
const REQUESTS = [
  request('01JD0000000000000000000001', 'Léa Tremblay', { status: 'inProgress', kind: 'deletion', overdue: true }),
  request('01JD0000000000000000000002', 'Marc Roy', { status: 'answered', kind: 'complaint' }),
];

function renderQueue(locale: 'fr' | 'en') {
  const chosen: string[] = [];
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RequestsTable requests={REQUESTS} onSelect={(id) => chosen.push(id)} />
    </I18nextProvider>,
  );
  return chosen;
}

describe('the privacy requests queue on a phone (375 px)', () => {
  it.each([
    ['fr', 'Statut', ['En traitement', 'Répondue'], ['Suppression des renseignements', 'Plainte'], 'Échéance', 'En retard', 'Ouvrir la demande de Marc Roy'],
    ['en', 'Status', ['In progress', 'Answered'], ['Deletion of their information', 'Complaint'], 'Due', 'Overdue', 'Open the request of Marc Roy'],
  ] as const)('%s: one card per request with its status, type and due date, no wide table', (locale, status, statuses, kinds, due, overdue, select) => {
    setWidth(375);
    const chosen = renderQueue(locale);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    // Cards are a group of `li` (role presentation) in one `ol`, each opened by its requester's name.
    const cards = [...screen.getByTestId('privacy-requests-table').querySelectorAll('li')];
    expect(cards).toHaveLength(2);
    cards.forEach((card, i) => {
      const text = card.textContent ?? '';
      expect(text).toContain(REQUESTS[i]!.requester.name);
      expect(text).toContain(status);
      expect(text).toContain(statuses[i]);
      expect(text).toContain(kinds[i]);
      // The reference the receipt and the office's notice quote.
      expect(text).toContain(REQUESTS[i]!.id.slice(-8));
      expect(text).toContain(due);
      expect(text).toContain('2030-02-01');
    });
    expect(cards[0]!.textContent).toContain(overdue);
    expect(cards[1]!.textContent).not.toContain(overdue);
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: select }));
    expect(chosen).toEqual([REQUESTS[1]!.id]);
  });

  it('stays a table on a wide screen (1440 px), where a click on a row opens its request', () => {
    setWidth(1440);
    const chosen = renderQueue('fr');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Statut' })).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.click(within(table).getByText(REQUESTS[1]!.requester.name));
    expect(chosen).toEqual([REQUESTS[1]!.id]);
  });

  // At 1,440 px a long requester's name took the room of the short columns: « En traitement » and the dates wrapped
  // letter by letter. The short columns keep a minimum width; the name wraps between its words.
  it('keeps the status and date columns wide enough for their values beside a long name (1440 px)', () => {
    setWidth(1440);
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <RequestsTable
          requests={[request('01JD0000000000000000000003', 'Marie-Ève Tremblay-Lévesque de la Fontaine-Beauchemin Saint-Onge', { status: 'inProgress', overdue: true })]}
          onSelect={() => {}}
        />
      </I18nextProvider>,
    );
    const table = screen.getByRole('table');
    const minWidth = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) }).style.minWidth;
    expect([minWidth('Statut'), minWidth('Échéance'), minWidth('Reçue le')]).toEqual(['160px', '190px', '120px']);
    expect(minWidth('Demandeur')).toBe('');
    expect(within(table).getByText('En traitement')).toBeTruthy();
    // The name gives way, even inside a word too long for its column.
    expect(within(table).getByText(/^Marie-Ève Tremblay-Lévesque/).style.overflowWrap).toBe('anywhere');
  });
});

// A trial on a phone tapped a requester's name and saw nothing happen: the request opened below every card, off screen.
describe('a request chosen in the queue', () => {
  it.each([
    ['fr', 'Ouvrir la demande de Marc Roy', /^Demande /],
    ['en', 'Open the request of Marc Roy', /^Request /],
  ] as const)('%s: opens with the focus and the screen on its heading (375 px)', async (locale, open, heading) => {
    setWidth(375);
    const scrolled: Element[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderWithAnswers(<PrivacyRequestsPage />, { locale, answers: [[privacyRequestsKey, { requests: REQUESTS, open: 2, overdue: 1 }]] });
      fireEvent.click(screen.getByRole('button', { name: open }));
      const title = within(screen.getByTestId('privacy-request-detail')).getByRole('heading', { level: 2, name: heading });
      await waitFor(() => expect(document.activeElement).toBe(title));
      expect(scrolled).toEqual([title]);
      expect(title.getAttribute('tabindex')).toBe('-1');
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
    }
  });
});

// A trial closed a request straight from « Reçue » with a note and the parent heard nothing: closing sends no email.
describe('closing a request that was never answered', () => {
  it.each([
    ['fr', 'Ouvrir la demande de Léa Tremblay', 'Fermée', "Fermer la demande n'envoie rien au demandeur."],
    ['en', 'Open the request of Léa Tremblay', 'Closed', 'Closing the request sends nothing to the requester.'],
  ] as const)('%s: says the requester gets nothing when a request is closed unanswered', async (locale, open, closed, warning) => {
    setWidth(375);
    renderWithAnswers(<PrivacyRequestsPage />, { locale, answers: [[privacyRequestsKey, { requests: REQUESTS, open: 2, overdue: 1 }]] });
    fireEvent.click(screen.getByRole('button', { name: open }));
    const detail = screen.getByTestId('privacy-request-detail');
    expect(within(detail).queryByText(warning, { exact: false })).toBeNull();
    const status = createWrapper(detail).findSelect()!;
    status.openDropdown();
    status.selectOptionByValue('closed');
    expect(status.findTrigger().getElement().textContent).toContain(closed);
    expect(within(detail).getByText(warning, { exact: false })).toBeTruthy();
  });

  it('is not said when the answer was already sent', () => {
    setWidth(375);
    const answered = request('01JD0000000000000000000003', 'Paul Roy', { status: 'answered', answer: { text: 'Voici.', at: '2030-01-05T15:00:00.000Z', by: 'admin' }, emails: { receipt: 'sent', answer: 'sent' } });
    renderWithAnswers(<PrivacyRequestsPage />, { locale: 'fr', answers: [[privacyRequestsKey, { requests: [answered], open: 0, overdue: 0 }]] });
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir la demande de Paul Roy' }));
    const status = createWrapper(screen.getByTestId('privacy-request-detail')).findSelect()!;
    status.openDropdown();
    status.selectOptionByValue('closed');
    expect(screen.queryByText("Fermer la demande n'envoie rien au demandeur.", { exact: false })).toBeNull();
  });
});

// A trial answered an access request with « ci-joint » and nothing could be attached: the answer form says how the
// parent gets the copy themselves.
describe('answering an access request', () => {
  it.each([
    ['fr', 'Ouvrir la demande de Léa Tremblay', 'Ouvrir la demande de Marc Roy', 'Télécharger mes données', 'écrivez-la en anglais'],
    ['en', 'Open the request of Léa Tremblay', 'Open the request of Marc Roy', 'Download my data', 'write it in English'],
  ] as const)('%s: says where the parent downloads their copy, only for an access request, and in which language to answer', (locale, openAccess, openOther, download, inTheirLanguage) => {
    setWidth(375);
    const access = request('01JD0000000000000000000004', 'Léa Tremblay', { kind: 'access', requester: { parentId: '01JD0000000000000000000009', name: 'Léa Tremblay', language: 'en' } });
    const complaint = request('01JD0000000000000000000005', 'Marc Roy', { kind: 'complaint' });
    renderWithAnswers(<PrivacyRequestsPage />, { locale, answers: [[privacyRequestsKey, { requests: [access, complaint], open: 2, overdue: 0 }]] });
    const answering = (open: string) => {
      fireEvent.click(screen.getByRole('button', { name: open }));
      const status = createWrapper(screen.getByTestId('privacy-request-detail')).findSelect()!;
      status.openDropdown();
      status.selectOptionByValue('answered');
      return screen.getByTestId('privacy-request-detail').textContent ?? '';
    };
    const accessForm = answering(openAccess);
    expect(accessForm).toContain(download);
    // The email around the answer is in the requester's language (English here): the answer should be too.
    expect(accessForm).toContain(inTheirLanguage);
    expect(answering(openOther)).not.toContain(download);
  });
});
