// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { AdminMessagesPage } from '../../frontend/src/features/messages/pages/admin-messages-page';
import { messagesKeys } from '../../frontend/src/features/messages/api/messages-queries';
import { DEFAULT_MESSAGE_SETTINGS, type Message } from '@shared/contracts/messages-api';
import { classMessage } from '../support/message-fixture';
import { renderWithAnswers } from './render-screen';
import { windowWidthPerTest } from './window-width';

/**
 * Reading a held message before deciding (docs/messages.md, "Approval"). A new user's trial: /admin/messages showed
 * the moment, author, recipients, subject and counts of a representative's held message, then « Approuver et
 * envoyer » and « Refuser », but its text nowhere, not even in the refusal dialog; the dialog's title named the
 * author only (she had two messages waiting); a held message's emails read « Envoyés : 0 · sans courriel : 0 »; at
 * 1,440 px the « Moment » column broke a date in two (« 2026-11- / 30 1 h 32 »).
 */
const HELD = { recipients: 46, pending: 46, sent: 0, skipped: 0, failed: 0 };
const BODY_FR = 'Bonjour à tous,\n\nLa photo <b>est</b> jeudi.\nÀ bientôt';
const BODY_EN = 'Hello all,\n\nThe photo is on Thursday.';
const bilingual = classMessage({
  id: '01K3J4A0S00000000000000011',
  createdAt: '2026-11-30T06:32:00.000Z',
  status: 'pendingApproval',
  subject: { fr: 'Photo de classe', en: 'Class photo' },
  body: { fr: BODY_FR, en: BODY_EN },
  counts: HELD,
});
const frenchOnly = classMessage({
  id: '01K3J4A0S00000000000000012',
  createdAt: '2026-11-30T06:33:00.000Z',
  status: 'pendingApproval',
  subject: { fr: 'Collecte de denrées' },
  body: { fr: 'Apportez des conserves.' },
  counts: HELD,
});
const sent = classMessage({ id: '01K3J4A0S00000000000000013', createdAt: '2026-11-30T06:31:00.000Z', subject: { fr: 'Sortie' } });
const SETTINGS = { ...DEFAULT_MESSAGE_SETTINGS, approveRepresentatives: true, version: 1 };

const TEXT = {
  fr: {
    approve: 'Approuver et envoyer',
    reject: 'Refuser',
    french: 'En français',
    english: 'En anglais',
    title: 'Refuser «\u00a0Collecte de denrées\u00a0» de Geneviève Thibault?',
    moment: '2026-11-30 1 h 32',
    held: '46 destinataires',
    sentCounts: '46 destinataires\u00a0: 46 par courriel, 0 dans le bottin seulement',
  },
  en: {
    approve: 'Approve and send',
    reject: 'Reject',
    french: 'In French',
    english: 'In English',
    title: 'Reject “Collecte de denrées” from Geneviève Thibault?',
    moment: '2026-11-30 01:32',
    held: '46 recipients',
    sentCounts: '46 recipients: 46 by email, 0 in the directory only',
  },
} as const;

const setWidth = windowWidthPerTest();

function renderLog(lang: 'fr' | 'en', messages: Message[] = [frenchOnly, bilingual, sent]) {
  renderWithAnswers(<AdminMessagesPage />, { locale: lang, answers: [[messagesKeys.admin, { messages, settings: SETTINGS }]] });
}

/**
 * The innermost elements whose text is exactly this one, no-break spaces included (Testing Library's string matcher
 * compares its own text with the page's whitespace collapsed, so a French « : » would never match).
 */
const exactly = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text && [...element.children].every((child) => child.textContent !== text);

/** The element holding exactly this text as a message's body (MessageBody's span). */
const bodyIn = (container: HTMLElement, text: string) => within(container).getByText((_, element) => element?.tagName === 'SPAN' && element.textContent === text);

describe("a held message's text where the administrator decides", () => {
  it.each([
    ['fr', 375],
    ['fr', 1440],
    ['en', 375],
    ['en', 1440],
  ] as const)('%s at %i px: each held message in full, in each language it was written in, with its decision buttons', (lang, width) => {
    setWidth(width);
    renderLog(lang);
    const both = screen.getByTestId(`pending-message-${bilingual.id}`);
    within(both).getByText(TEXT[lang].french);
    within(both).getByText(TEXT[lang].english);
    // Each version's subject over its text (the header names it in the reader's language too).
    expect(within(both).getAllByText('Photo de classe').length).toBeGreaterThan(0);
    expect(within(both).getAllByText('Class photo').length).toBeGreaterThan(0);
    // As written (MessageBody): line breaks kept, a tag shown as text, never interpreted.
    const french = bodyIn(both, BODY_FR);
    expect(french.style.whiteSpace).toBe('pre-wrap');
    expect(both.querySelector('b')).toBeNull();
    bodyIn(both, BODY_EN);
    within(both).getByRole('button', { name: TEXT[lang].approve });
    within(both).getByRole('button', { name: TEXT[lang].reject });
    // Written in French only: its text, without a language label.
    const one = screen.getByTestId(`pending-message-${frenchOnly.id}`);
    bodyIn(one, 'Apportez des conserves.');
    expect(within(one).queryByText(TEXT[lang].english)).toBeNull();
    // The decision is made where the text is read: the log's rows offer no other button for it.
    const pending = screen.getByTestId('pending-messages');
    const approveButtons = screen.getAllByRole('button', { name: TEXT[lang].approve });
    expect(approveButtons).toHaveLength(2);
    expect(approveButtons.every((button) => pending.contains(button))).toBe(true);
  });

  it('shows no section when nothing waits', () => {
    renderLog('fr', [sent]);
    expect(screen.queryByTestId('pending-messages')).toBeNull();
    expect(screen.queryByRole('button', { name: TEXT.fr.approve })).toBeNull();
  });

  it.each(['fr', 'en'] as const)("%s: the refusal dialog names the message's subject, not only its author", (lang) => {
    renderLog(lang);
    fireEvent.click(within(screen.getByTestId(`pending-message-${frenchOnly.id}`)).getByRole('button', { name: TEXT[lang].reject }));
    const title = screen.getByText(exactly(TEXT[lang].title));
    expect(title.closest('[role="dialog"]')).not.toBeNull();
  });
});

describe("the log's columns at 1,440 px", () => {
  it.each(['fr', 'en'] as const)('%s: a moment is never broken inside, and a held message shows its recipients, not zero counts', (lang) => {
    setWidth(1440);
    renderLog(lang);
    const table = screen.getByRole('table');
    const moment = within(table).getByText(exactly(TEXT[lang].moment));
    expect(moment.style.whiteSpace).toBe('nowrap');
    expect(within(table).getAllByText(exactly(TEXT[lang].held))).toHaveLength(2);
    within(table).getByText(exactly(TEXT[lang].sentCounts));
    expect(within(table).queryByText(/: 0 (par courriel|by email)/)).toBeNull();
  });
});
