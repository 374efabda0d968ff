// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ParticipantsTable } from '../../frontend/src/features/annual-update/components/participants-table';
import { PARTICIPANTS_PAGE_SIZE, useParticipants } from '../../frontend/src/features/annual-update/hooks/use-participants';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { CampaignView, ParticipantView, SendRequest } from '@shared/contracts/annual-update-api';
import { participantRow } from './participant-row';
import { windowWidthPerTest } from './window-width';
import { formatDateTime } from '../../frontend/src/lib/date-time';

/**
 * The participants manager in pages (docs/decisions/the-participants-manager-in-pages.md, "The participants manager in pages"): a page of rows at a
 * time, a selection kept from page to page and through searches and filters (the page says how many selected rows
 * they hide, and a send goes to them all), and the filters' summary and the send counting every row they leave, not
 * only the page's. jsdom's window is 1,024 px wide: the phone's layout, one card per parent; some tests widen it to
 * 1,440 px for the table.
 */
const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const person = (n: number, lastName: string, patch: Partial<ParticipantView> = {}): ParticipantView =>
  participantRow({ parentId: ID(n), firstName: `Prénom${String(n).padStart(2, '0')}`, lastName, email: `p${n}@ecole.example`, ...patch });
// 40 Gagnon (every fifth one answered), then 10 Tremblay and an Ouellet: 51 rows, two pages.
const PARTICIPANTS = [
  ...Array.from({ length: 40 }, (_, i) => person(i + 1, 'Gagnon', i % 5 === 0 ? { emailSent: true, emailsSent: 1, submitted: true } : {})),
  ...Array.from({ length: 10 }, (_, i) => person(i + 41, 'Tremblay')),
  person(51, 'Ouellet'),
];
const CAMPAIGN = {
  id: ID(9999), schoolYear: '2026-2027', status: 'active', createdAt: '2026-09-01T12:00:00.000Z',
  counts: { totalParents: 50, reachable: 50 },
  progress: { completed: 10, total: 50, percentage: 20 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;

const setWidth = windowWidthPerTest();

function renderManager(lang: 'fr' | 'en' = 'fr') {
  const sends: SendRequest[] = [];
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <ParticipantsTable campaign={CAMPAIGN} participants={PARTICIPANTS} loading={false} canSend onSend={(request) => sends.push(request)} />
    </I18nextProvider>,
  );
  return sends;
}

// A card's box is named by the selection group, then the parent ("Sélection des participants Prénom01 Gagnon"); a
// table row's by the parent alone.
const checkboxes = () => screen.getAllByRole('checkbox', { name: /Prénom\d+ \S+$/ });
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: new RegExp(`(^| )${name}$`) });
const tick = (name: string) => fireEvent.click(box(name));
const sendButton = () => screen.getByRole('button', { name: /^(Envoyer à la sélection|Send to selected)/ });
/** The send asks first (test/frontend/send-confirm.test.tsx): its dialog's button sends. */
const confirmSend = (name: string) =>
  fireEvent.click(within(screen.getByRole('dialog', { name: /^(Confirmer l'envoi des courriels|Confirm sending emails)$/ })).getByRole('button', { name }));
const search = (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
const summary = () => screen.getByTestId('selection-summary').textContent;
const ticked = (name: string) => box(name).checked;

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

  it('counts every row the search leaves in its summary, and keeps the rows it hides in the selection', () => {
    const sends = renderManager();
    tick('Prénom03 Gagnon');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    tick('Prénom41 Tremblay');
    fireEvent.change(screen.getByPlaceholderText('Nom, courriel ou classe'), { target: { value: 'gagnon' } });
    // 40 rows match, 30 on this page: the summary counts the 40.
    expect(screen.getByTestId('shown-summary').textContent).toBe(
      '40 parents affichés\u00a0: 8 formulaires soumis, 32 en attente — 20\u00a0% de réponses',
    );
    expect(checkboxes()).toHaveLength(PARTICIPANTS_PAGE_SIZE);
    // Tremblay is hidden by the search, still selected, and sent to.
    expect(summary()).toBe('2 participants sélectionnés, dont 1 masqué par la recherche ou les filtres');
    expect(sendButton().textContent).toBe('Envoyer à la sélection (2)');
    fireEvent.click(sendButton());
    confirmSend('Envoyer à 2 parents');
    expect(sends).toEqual([{ mode: 'selected', parentIds: [ID(3), ID(41)] }]);
  });
});

/**
 * A new user's trial: 3 rows ticked, a search for « Ouellet », the search cleared: the button said (0) and the
 * volunteer who picked parents one search after another sent to the last one only. The selection now survives the
 * search, on a phone (cards) as on a computer (table), in both languages.
 */
const TEXT = {
  fr: {
    selected: (n: number) => `Envoyer à la sélection (${n})`,
    count: '3 participants sélectionnés',
    allHidden: '3 participants sélectionnés, tous masqués par la recherche ou les filtres',
    someHidden: '4 participants sélectionnés, dont 3 masqués par la recherche ou les filtres',
    four: '4 participants sélectionnés',
    confirm: 'Envoyer à 4 parents',
    clear: 'Effacer la sélection',
  },
  en: {
    selected: (n: number) => `Send to selected (${n})`,
    count: '3 participants selected',
    allHidden: '3 participants selected, all hidden by the search or filters',
    someHidden: '4 participants selected, 3 of them hidden by the search or filters',
    four: '4 participants selected',
    confirm: 'Send to 4 parents',
    clear: 'Clear the selection',
  },
};

// Each language in one layout (a run of this flow is seconds of jsdom): the cards in French, the table in English.
describe('the selection through a search', () => {
  it.each([
    { layout: 'cards', width: 1024, lang: 'fr' },
    { layout: 'table', width: 1440, lang: 'en' },
  ] as const)('keeps the rows a search hides, says how many, and sends to them all ($layout, $lang)', ({ width, lang }) => {
    const text = TEXT[lang];
    setWidth(width);
    const sends = renderManager(lang);
    expect(screen.queryAllByRole('table')).toHaveLength(width < 1280 ? 0 : 1);
    expect(summary()).toBe('');
    for (const n of [2, 3, 4]) tick(`Prénom0${n} Gagnon`);
    expect(sendButton().textContent).toBe(text.selected(3));
    expect(summary()).toBe(text.count);

    search('Ouellet');
    expect(checkboxes()).toHaveLength(1);
    expect(sendButton().textContent).toBe(text.selected(3));
    expect(summary()).toBe(text.allHidden);
    tick('Prénom51 Ouellet');
    expect(sendButton().textContent).toBe(text.selected(4));
    expect(summary()).toBe(text.someHidden);

    search('');
    expect(sendButton().textContent).toBe(text.selected(4));
    expect(summary()).toBe(text.four);
    screen.getByRole('button', { name: text.clear });
    expect(['Prénom02 Gagnon', 'Prénom03 Gagnon', 'Prénom04 Gagnon', 'Prénom05 Gagnon'].map(ticked)).toEqual([true, true, true, false]);

    // The send goes to the whole selection, then the selection is cleared (a later pick starts afresh).
    search('Ouellet');
    fireEvent.click(sendButton());
    confirmSend(text.confirm);
    expect(sends).toEqual([{ mode: 'selected', parentIds: [ID(2), ID(3), ID(4), ID(51)] }]);
    expect(sendButton().textContent).toBe(text.selected(0));
    expect(summary()).toBe('');
    expect(screen.queryByRole('button', { name: text.clear })).toBeNull();
  });

  it('clears the selection on demand, the rows the search hides included', () => {
    setWidth(1024);
    const sends = renderManager();
    tick('Prénom02 Gagnon');
    search('Tremblay');
    tick('Prénom41 Tremblay');
    expect(sendButton().textContent).toBe('Envoyer à la sélection (2)');
    fireEvent.click(screen.getByRole('button', { name: 'Effacer la sélection' }));
    expect(sendButton().textContent).toBe('Envoyer à la sélection (0)');
    expect(summary()).toBe('');
    expect(ticked('Prénom41 Tremblay')).toBe(false);
    search('');
    expect(ticked('Prénom02 Gagnon')).toBe(false);
    expect(sends).toEqual([]);
  });
});

describe('the selection through the status filter', () => {
  it('keeps a row the status filter hides, and counts it as hidden', () => {
    const { result } = renderHook(() => useParticipants(PARTICIPANTS));
    act(() => result.current.collection.actions.setSelectedItems([PARTICIPANTS[0]!, PARTICIPANTS[1]!]));
    // Prénom01 answered, Prénom02 did not: "submitted" hides Prénom02.
    act(() => result.current.setStatus('submitted'));
    expect(result.current.selected.map((row) => row.parentId)).toEqual([ID(1), ID(2)]);
    expect(result.current.hiddenSelected).toBe(1);
    act(() => result.current.setStatus('all'));
    expect(result.current.hiddenSelected).toBe(0);
  });
});

/**
 * A new user's trial at 375 px: each card was about 340 px tall, the table's six labelled sections stacked, with
 * « Historique » above « Historique (0) » (a label and a button saying the same thing). A card now says the name (its
 * header), the status with the history's button beside it, the address (or that there is none), then the classes
 * and the last activity on one small line: no column label, the history's words once.
 */
const INVITED_AT = '2026-09-02T13:05:00.000Z';
const CARD_ROWS = [
  person(61, 'Roy', {
    email: 'anne.roy@ecole.example', emailSent: true, emailsSent: 1, lastActivityAt: INVITED_AT,
    classes: [{ id: ID(9001), code: '3A', name: 'Troisième A' }],
    history: [{ at: INVITED_AT, event: 'emailSent' }],
  }),
  person(62, 'Lavoie', { email: undefined, unreachable: true, classes: [{ id: ID(9001), code: '3A', name: 'Troisième A' }, { id: ID(9002), code: '5B', name: 'Cinquième B' }] }),
];
const CARD_TEXT = {
  fr: {
    labels: ['Courriel', 'Statut', 'Dernière activité', 'Historique'],
    history: 'Historique',
    roy: { status: 'Envoyé (1), sans réponse', button: 'Historique (1)', name: 'Historique (1)\u00a0: Prénom61 Roy', details: (date: string) => `Classe\u00a0: 3A · Dernière activité\u00a0: ${date}` },
    lavoie: { status: 'Sans courriel', email: 'Aucun courriel', details: 'Classes\u00a0: 3A, 5B' },
  },
  en: {
    labels: ['Email', 'Status', 'Last activity', 'History'],
    history: 'History',
    roy: { status: 'Sent (1), no answer', button: 'History (1)', name: 'History (1): Prénom61 Roy', details: (date: string) => `Class: 3A · Last activity: ${date}` },
    lavoie: { status: 'Without email', email: 'No email', details: 'Classes: 3A, 5B' },
  },
};

describe("a participant's card on a phone", () => {
  it.each(['fr', 'en'] as const)('shows the name, the status, the address and the history in one tap, each said once (%s)', (lang) => {
    const text = CARD_TEXT[lang];
    setWidth(375);
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ParticipantsTable campaign={CAMPAIGN} participants={CARD_ROWS} loading={false} canSend onSend={() => undefined} />
      </I18nextProvider>,
    );
    expect(screen.queryAllByRole('table')).toHaveLength(0);
    const card = (name: string) => screen.getByText(name).closest('li')!;
    const roy = card('Roy, Prénom61');
    const royBody = within(roy).getByTestId('participant-card');
    // The body's lines: status and history, address, then classes and last activity.
    expect([...royBody.children].map((line) => line.textContent)).toEqual([
      `${text.roy.status}${text.roy.button}`,
      'anne.roy@ecole.example',
      text.roy.details(formatDateTime(INVITED_AT, lang)),
    ]);
    // No column label, and the history's words once: its button, named after the parent.
    for (const label of text.labels) expect(within(roy).queryByText(label, { exact: true })).toBeNull();
    expect(roy.textContent!.split(text.history)).toHaveLength(2);
    fireEvent.click(within(roy).getByRole('button', { name: text.roy.name }));
    expect(screen.getByRole('dialog').textContent).toContain('Prénom61 Roy');

    const lavoie = within(card('Lavoie, Prénom62')).getByTestId('participant-card');
    expect([...lavoie.children].map((line) => line.textContent)).toEqual([
      `${text.lavoie.status}${text.history} (0)`,
      text.lavoie.email,
      text.lavoie.details,
    ]);
  });
});
