// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminMessagesPage } from '../../frontend/src/features/messages/pages/admin-messages-page';
import { MessagesPage } from '../../frontend/src/features/messages/pages/messages-page';
import { messagesKeys } from '../../frontend/src/features/messages/api/messages-queries';
import { DEFAULT_MESSAGE_SETTINGS, MESSAGE_REJECTION_REASON_MAX, type Message, type MessagesResponse, type ReceivedMessage } from '@shared/contracts/messages-api';
import { classMessage } from '../support/message-fixture';
import { startHandlerApi, type LoopbackApi } from './loopback-api';
import { renderWithAnswers } from './render-screen';

/**
 * A refusal's reason (docs/messages.md, "Approval"): the administrator's confirmation dialog offers it (optional,
 * checked with the server's own schema: too long is said under the field, in both languages, and nothing is sent);
 * the administrators' log shows it under « Refusé »; the author's Messages page shows the refusal with its reason,
 * opened in « Envoyés » while recent, and the decision email's link opens that tab.
 */
const held = classMessage({ status: 'pendingApproval', counts: { recipients: 12, pending: 12, sent: 0, skipped: 0, failed: 0 } });
const SETTINGS = { ...DEFAULT_MESSAGE_SETTINGS, approveRepresentatives: true, version: 1 };

/** The loopback API: the log, and what each decision posted. */
const state: { logged: Message; decisions: unknown[] } = { logged: held, decisions: [] };
let api: LoopbackApi;

beforeAll(async () => {
  api = await startHandlerApi(({ method, url, body }) => {
    if (url === '/api/admin/messages' && method === 'GET') return { status: 200, body: { messages: [state.logged], settings: SETTINGS } };
    if (url === `/api/admin/messages/${held.id}/decision` && method === 'POST') {
      state.decisions.push(body);
      const { reason } = body as { reason?: string };
      state.logged = { ...held, status: 'rejected', decision: { approved: false, at: '2026-11-30T15:00:00.000Z', ...(reason ? { reason } : {}) } };
      return { status: 200, body: { message: state.logged } };
    }
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  Object.assign(state, { logged: held, decisions: [] });
});
afterAll(() => api.close());

const TEXT = {
  fr: {
    reject: 'Refuser',
    title: 'Refuser «\u00a0Sortie\u00a0» de Geneviève Thibault?',
    reason: 'Motif (facultatif)',
    tooLong: /^Ce motif est trop long\u00a0: 1\s000 caractères au plus \(il en a 1\s001\)\. Raccourcissez-le pour refuser le message\.$/,
    left: /^1\s000 caractères restants$/,
    shown: 'Motif\u00a0: ',
  },
  en: {
    reject: 'Reject',
    title: 'Reject “Sortie” from Geneviève Thibault?',
    reason: 'Reason (optional)',
    tooLong: /^This reason is too long: 1,000 characters at most \(it has 1,001\)\. Shorten it to reject the message\.$/,
    left: /^1,000 characters left$/,
    shown: 'Reason: ',
  },
} as const;

function openDialog(lang: 'fr' | 'en') {
  renderWithAnswers(<AdminMessagesPage />, { locale: lang, answers: [[messagesKeys.admin, { messages: [held], settings: SETTINGS }]], config: api.config });
  // The row's button comes first; the dialog's own comes after.
  fireEvent.click(screen.getAllByRole('button', { name: TEXT[lang].reject })[0]!);
  const dialog = screen.getByText((_, element) => element?.tagName === 'H2' && element.textContent === TEXT[lang].title).closest<HTMLElement>('[role="dialog"]')!;
  const field = within(dialog).getByLabelText<HTMLTextAreaElement>(TEXT[lang].reason);
  const confirm = within(dialog).getByRole('button', { name: TEXT[lang].reject });
  return { dialog, field, confirm };
}

/** The text of the elements that describe a field (its constraint or its error). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean);

describe("the reason in the administrator's refusal dialog", () => {
  it('fr: optional, typed, sent trimmed with the refusal, then shown in the log under « Refusé »', async () => {
    const { field, confirm } = openDialog('fr');
    expect(description(field)).toContainEqual(expect.stringMatching(TEXT.fr.left));
    fireEvent.change(field, { target: { value: '  La date tombe pendant la journée pédagogique.\nProposez-en une autre.  ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(state.decisions).toEqual([{ approve: false, reason: 'La date tombe pendant la journée pédagogique.\nProposez-en une autre.' }]));
    const shown = await screen.findByText((_, element) => element?.tagName === 'SPAN' && element.textContent === `${TEXT.fr.shown}La date tombe pendant la journée pédagogique.\nProposez-en une autre.`, undefined, { timeout: 20_000 });
    expect(shown).toBeTruthy();
    expect(screen.getAllByText('Refusé')).not.toHaveLength(0);
  });

  it('fr: left blank, the refusal carries no reason', async () => {
    const { field, confirm } = openDialog('fr');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(state.decisions).toEqual([{ approve: false }]));
  });

  it.each(['fr', 'en'] as const)('%s: one character too many is said under the field, and nothing is sent', async (lang) => {
    const { field, confirm } = openDialog(lang);
    fireEvent.change(field, { target: { value: 'x'.repeat(MESSAGE_REJECTION_REASON_MAX + 1) } });
    expect(description(field)).toContainEqual(expect.stringMatching(TEXT[lang].tooLong));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.hasAttribute('disabled') || confirm.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.click(confirm);
    // Back within the limit, it goes.
    fireEvent.change(field, { target: { value: 'x'.repeat(MESSAGE_REJECTION_REASON_MAX) } });
    expect(description(field).join(' ')).not.toMatch(TEXT[lang].tooLong);
    expect(state.decisions).toEqual([]);
    fireEvent.click(confirm);
    await waitFor(() => expect(state.decisions).toEqual([{ approve: false, reason: 'x'.repeat(MESSAGE_REJECTION_REASON_MAX) }]));
  });
});

describe("the author's Messages page", () => {
  const page = (sent: Message[]): MessagesResponse => ({
    received: [],
    sent,
    unread: 0,
    audiences: [{ audience: held.audience, label: held.audienceLabel, role: held.author.role, category: 'class', needsApproval: true, recipients: 21 }],
    withheld: [],
    quota: { limit: 3, used: 0, days: 7 },
  });
  const refused = (at: Date, reason?: string): Message =>
    classMessage({ status: 'rejected', subject: { fr: 'Sortie au musée' }, counts: held.counts, decision: { approved: false, at: at.toISOString(), ...(reason ? { reason } : {}) } });

  it('fr, opened from the email (?tab=sent): a refusal of this week is open, with when, the reason as typed and what to do next', () => {
    renderWithAnswers(<MessagesPage />, { locale: 'fr', at: '/messages?tab=sent', answers: [[messagesKeys.mine, page([refused(new Date(), 'La date tombe mal.\nProposez-en une autre.')])]] });
    expect(screen.getByRole('tab', { name: 'Envoyés' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Sortie au musée').closest('[aria-expanded]')!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/^Refusé par une personne administratrice le \d{1,2}(er)? [a-zéû]+ \d{4} à \d{1,2} h \d{2}\.$/)).toBeTruthy();
    screen.getByText(/^Motif\s:$/);
    screen.getByText((_, element) => element?.tagName === 'SPAN' && element.textContent === 'La date tombe mal.\nProposez-en une autre.');
    screen.getByText("Ce message n'a été envoyé à personne. Vous pouvez en écrire un nouveau; un message refusé ne compte pas dans votre limite de la semaine.");
  });

  it('en: a refusal without a reason says none was given', () => {
    renderWithAnswers(<MessagesPage />, { locale: 'en', at: '/messages?tab=sent', answers: [[messagesKeys.mine, page([refused(new Date())])]] });
    screen.getByText(/^Rejected by an administrator on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2}\.$/);
    screen.getByText('No reason was given.');
  });

  it('an older refusal stays closed, its status in its line; the page opens on « Reçus » without the link', () => {
    renderWithAnswers(<MessagesPage />, { locale: 'fr', answers: [[messagesKeys.mine, page([refused(new Date(Date.now() - 30 * 86_400_000), 'Ancien motif')])]] });
    expect(screen.getByRole('tab', { name: 'Reçus' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Envoyés' }));
    expect(screen.getByText(/ · Refusé · /)).toBeTruthy();
    // Closed: its reason is there once opened.
    const header = screen.getByText('Sortie au musée').closest<HTMLElement>('[aria-expanded]')!;
    expect(header.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(header);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    screen.getByText('Ancien motif');
  });

  /**
   * A new user's trial: « Messages envoyés cette semaine : 3 sur 3 » counted held messages too, a held message read
   * « Envoyés : 0 · sans courriel : 0 » before anyone approved it, and under her own refused message the author read
   * « L'auteur n'a pas partagé son adresse; pour répondre, passez par le bottin… », a line meant for its readers.
   */
  it.each([
    ['fr', 'Envoyés', 'Reçus', /Messages écrits cette semaine\s:\s2 sur 3 \(un message refusé ne compte pas\)\.$/, /· En attente d'approbation · 12 destinataires$/, /: 0 par courriel/, /L'auteur n'a pas partagé son adresse/],
    ['en', 'Sent', 'Received', /Messages written this week: 2 of 3 \(a rejected message does not count\)\.$/, /· Awaiting approval · 12 recipients$/, /: 0 by email/, /The author did not share their address/],
  ] as const)('%s: the quota says messages written, a held one shows its recipients only, and no reply line is under one\'s own', (lang, sentTab, receivedTab, quota, heldLine, zero, replyLine) => {
    const waiting = classMessage({ id: '01K3J4A0S00000000000000021', status: 'pendingApproval', subject: { fr: 'Collecte de denrées' }, counts: held.counts });
    const received: ReceivedMessage = {
      id: '01K3J4A0S00000000000000022',
      createdAt: held.createdAt,
      author: { ...held.author, name: 'Marc Roy', personId: '01K3J4A0S00000000000000023' },
      audience: held.audience,
      audienceLabel: held.audienceLabel,
      category: 'class',
      subject: { fr: 'Bienvenue' },
      body: { fr: 'Bonjour' },
      status: 'sent',
    };
    const data = { ...page([waiting, refused(new Date(), 'Trop tôt.')]), received: [received], quota: { limit: 3, used: 2, days: 7 } };
    renderWithAnswers(<MessagesPage />, { locale: lang, at: '/messages?tab=sent', answers: [[messagesKeys.mine, data]] });
    screen.getByText(quota);
    screen.getByText(heldLine);
    expect(screen.queryByText(zero)).toBeNull();
    // The refusal of this week is open, its reason in view; nothing in it tells its author how to reply to herself.
    screen.getByText('Trop tôt.');
    fireEvent.click(screen.getByText('Collecte de denrées'));
    expect(screen.queryByText(replyLine)).toBeNull();
    // A message received still says how to reply.
    expect(screen.getByRole('tab', { name: sentTab }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: receivedTab }));
    fireEvent.click(screen.getByText('Bienvenue'));
    screen.getByText(replyLine);
    // The author's entry in the directory is a link (a trial could not tap the sentence on a phone).
    expect(screen.getByRole('link', { name: lang === 'fr' ? 'la fiche de Marc Roy' : "Marc Roy's card" }).getAttribute('href')).toBe('/parents?q=Marc%20Roy');
  });

  // A trial's refusal asked « Peux-tu corriger? », and the author had to type the whole message again.
  it.each([
    ['fr', 'Reprendre ce texte dans un nouveau message', 'Objet (français)', 'Message (français)'],
    ['en', 'Reuse this text in a new message', 'Subject (French)', 'Message (French)'],
  ] as const)('%s: a refused message\'s text goes back into the form, to correct', async (lang, reuse, subject, body) => {
    const data = { ...page([refused(new Date(), 'Peux-tu corriger?')]) };
    renderWithAnswers(<MessagesPage />, { locale: lang, at: '/messages?tab=sent', answers: [[messagesKeys.mine, data]], dataRouter: true });
    fireEvent.click(screen.getByRole('button', { name: reuse }));
    await waitFor(() => expect((screen.getByLabelText(subject) as HTMLInputElement).value).toBe('Sortie au musée'));
    expect((screen.getByLabelText(body) as HTMLTextAreaElement).value).toBe(held.body.fr);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(subject)));
  });

  it.each([
    ['fr', 'Pour répondre, écrivez à'],
    ['en', 'To reply, write to'],
  ] as const)('%s: a shared reply address is a mailto link', (lang, lead) => {
    const received: ReceivedMessage = {
      id: '01K3J4A0S00000000000000032', createdAt: held.createdAt, author: { ...held.author, name: 'Marc Roy', personId: '01K3J4A0S00000000000000033' },
      audience: held.audience, audienceLabel: held.audienceLabel, category: 'class', subject: { fr: 'Bienvenue' }, body: { fr: 'Bonjour' },
      status: 'sent', replyTo: 'marc.roy@example.org',
    };
    renderWithAnswers(<MessagesPage />, { locale: lang, at: '/messages', answers: [[messagesKeys.mine, { ...page([]), received: [received] }]] });
    fireEvent.click(screen.getByText('Bienvenue'));
    screen.getByText(new RegExp(lead));
    expect(screen.getByRole('link', { name: 'marc.roy@example.org' }).getAttribute('href')).toBe('mailto:marc.roy@example.org');
  });
});
