// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { MessagesPage } from '../../frontend/src/features/messages/pages/messages-page';
import type { Message, MessagesResponse } from '@shared/contracts/messages-api';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { renderRouter, testConfig } from './render-screen';

/**
 * The author's side of sending (docs/messages.md, "Sending"), against a loopback API: a message of theirs left
 * `sending` (the page was closed mid-send) goes on by itself when they come back to /messages, its row in the Sent
 * tab shows the progress and « Reprendre l'envoi » after a failed chunk; while the page sends, it says to keep it
 * open and leaving asks first; an empty message is refused in the browser, under its fields, without a request.
 */
const ID = '01JD0000000000000000000011';
const mine: Message = {
  id: ID,
  createdAt: '2030-02-03T14:58:00.000Z',
  author: { name: 'Léa Tremblay', role: { fr: 'Parent représentant de la classe', en: 'Class parent representative' }, personType: 'PARENT', personId: '01JD0000000000000000000012' },
  audience: { type: 'class', classId: '01JD0000000000000000000013' },
  audienceLabel: { fr: 'Parents · Classe E', en: 'Parents · Class E' },
  category: 'class',
  subject: { fr: 'Sortie au musée' },
  body: { fr: 'Bonjour' },
  status: 'sending',
  counts: { recipients: 10, pending: 4, sent: 5, skipped: 1, failed: 0 },
};
const at = (status: Message['status'], pending: number, sent: number): Message => ({ ...mine, status, counts: { ...mine.counts, pending, sent } });

const page = (sent: Message[]): MessagesResponse => ({
  received: [],
  sent,
  unread: 0,
  audiences: [{ audience: mine.audience, label: mine.audienceLabel, role: mine.author.role, category: 'class', needsApproval: false, recipients: 46, readers: { fr: 40, en: 6 } }],
  withheld: [],
  quota: { limit: 3, used: 1, days: 7 },
});

/** The API's state: the author's sent messages, each continue call's answer in turn (a status code, or the progress), what was posted. */
const api: { sent: Message[]; chunks: Array<number | Message>; continues: number; posts: unknown[]; hold?: Promise<void>; quota?: MessagesResponse['quota'] } = { sent: [], chunks: [], continues: 0, posts: [] };
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
    const answer = (status: number, body: unknown) => void res.writeHead(status, headers).end(JSON.stringify(body));
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/api/messages' && req.method === 'GET') return answer(200, { ...page(api.sent), ...(api.quota ? { quota: api.quota } : {}) });
      if (req.url === '/api/messages' && req.method === 'POST') {
        api.posts.push(JSON.parse(raw));
        api.sent = [at('sending', 9, 0)];
        return answer(201, { message: api.sent[0] });
      }
      if (req.url === `/api/messages/${ID}/continue`) {
        const chunk = api.chunks[api.continues++];
        void (api.hold ?? Promise.resolve()).then(() => {
          if (typeof chunk === 'number') return answer(chunk, { error: { code: 'SERVICE_UNAVAILABLE' } });
          api.sent = [chunk!];
          answer(200, { message: chunk, done: chunk!.status !== 'sending' });
        });
        return;
      }
      answer(404, { error: { code: 'ROUTE_NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  cleanup();
  // A test switches the page's language, which the app saves.
  window.localStorage.clear();
  Object.assign(api, { sent: [], chunks: [], continues: 0, posts: [], hold: undefined, quota: undefined });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function renderPage(locale: 'fr' | 'en', i18n = createI18n(locale)) {
  const config = testConfig(`${url}/api`);
  // A data router: the page holds an in-app navigation while it sends (useBlocker).
  const router = createMemoryRouter(
    [
      { path: '/messages', element: <MessagesPage /> },
      { path: '/', element: <p>Accueil</p> },
    ],
    { initialEntries: ['/messages'] },
  );
  return renderRouter(router, { locale, config, i18n });
}

/** Whether closing or reloading the tab would ask the browser's question. */
const unloadAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('a message left sending', () => {
  it('goes on by itself when the author comes back to /messages, its row showing the progress to the end', async () => {
    api.sent = [mine];
    api.chunks = [at('sending', 2, 7), at('sent', 0, 9)];
    renderPage('fr');
    // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
    // Cloudscape repeats a progress bar's result in a live region: the sentence shows at least once.
    expect(await screen.findAllByText(/^Message envoyé\. Courriels\s:\s9; à lire dans le bottin seulement\s:\s1\.$/, {}, { timeout: 20_000 })).not.toHaveLength(0);
    expect(api.continues).toBe(2);
    // The Sent tab is open, the row's counts as the last chunk answered; nothing left to resume.
    expect(screen.getByRole('tab', { name: 'Envoyés' }).getAttribute('aria-selected')).toBe('true');
    // The status, then what it reached, without saying « envoyé » twice.
    expect(screen.getAllByText(/Envoyé · 10 destinataires\s:\s9 par courriel, 1 dans le bottin seulement$/)).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: "Reprendre l'envoi" })).toBeNull();
  });

  it('says in a sentence when a chunk fails, and the row\'s "Resume sending" goes on from there', async () => {
    api.sent = [mine];
    api.chunks = [503, at('sent', 0, 9)];
    renderPage('en');
    await screen.findByText('Sending stopped before the end', {}, { timeout: 20_000 });
    screen.getByText(/The service is temporarily unavailable\. Please try again in a moment\. Emails already sent will not go out again/);
    // Not tried again by itself: the author chooses.
    expect(api.continues).toBe(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume sending' }));
    expect(await screen.findAllByText('Message sent. Emails: 9; to read in the directory only: 1.')).not.toHaveLength(0);
    expect(api.continues).toBe(2);
    expect(screen.queryByText('Sending stopped before the end')).toBeNull();
  });
});

describe('a message being written', () => {
  it.each([
    ['fr', 'Objet (français)', 'Message (français)', 'Quitter sans envoyer?', 'Rester sur la page', 'Quitter sans envoyer'],
    ['en', 'Subject (English)', 'Message (English)', 'Leave without sending?', 'Stay on the page', 'Leave without sending'],
  ] as const)('asks before leaving the page: staying keeps the text, leaving goes (%s)', async (locale, subject, body, question, stay, leave) => {
    const router = renderPage(locale);
    const subjectInput = await screen.findByLabelText(subject, {}, { timeout: 20_000 });
    expect(unloadAsks()).toBe(false);
    fireEvent.change(subjectInput, { target: { value: 'Sortie' } });
    fireEvent.change(screen.getByLabelText(body), { target: { value: 'Bonjour à tous' } });
    expect(unloadAsks()).toBe(true);
    void router.navigate('/');
    await screen.findByText(question);
    fireEvent.click(screen.getByRole('button', { name: stay }));
    await waitFor(() => expect(screen.queryByText(question)).toBeNull());
    expect(router.state.location.pathname).toBe('/messages');
    expect((screen.getByLabelText(body) as HTMLTextAreaElement).value).toBe('Bonjour à tous');
    void router.navigate('/');
    fireEvent.click(await screen.findByRole('button', { name: leave }));
    await screen.findByText('Accueil');
    expect(api.posts).toEqual([]);
  });

  it.each([
    ['fr', 'Message (français)', 'Envoyer', 'Ce texte est trop long (5\u00a0000 caractères au plus).', '6 caractères de trop'],
    ['en', 'Message (English)', 'Send', 'This text is too long (5,000 characters at most).', '6 characters too many'],
  ] as const)('keeps a text pasted past the limit whole, says by how much, and sends nothing until it is shortened (%s)', async (locale, body, send, tooLong, over) => {
    renderPage(locale);
    const field = (await screen.findByLabelText(body, {}, { timeout: 20_000 })) as HTMLTextAreaElement;
    // 5,006 characters: the link at the end is what a silent cut at 5,000 lost.
    const pasted = `${'a'.repeat(4_977)} https://ecole.example/sortie`;
    fireEvent.change(field, { target: { value: pasted } });
    expect(field.value).toBe(pasted);
    // Read whole (Testing Library's text match turns the no-break spaces into plain ones before comparing).
    expect(screen.getByText(/trop long|too long/).textContent).toBe(tooLong);
    expect(screen.getByText(/de trop|too many/).textContent).toBe(over);
    fireEvent.click(screen.getByRole('button', { name: send }));
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.posts).toEqual([]);
  });

  // A trial's fourth message of the week was refused only once written and confirmed.
  it.each([
    ['fr', 'Limite atteinte\u00a0: vous avez écrit 3 messages sur 3 permis en 7 jours. Vous pourrez en écrire un autre à partir du 3 décembre 2026 à 9 h 30.'],
    ['en', 'Limit reached: you have written 3 of the 3 messages allowed in 7 days. You can write another one from December 3, 2026 at 09:30.'],
  ] as const)('says the week\'s limit is reached before anything is written, and when one more may be (%s)', async (locale, said) => {
    api.quota = { limit: 3, used: 3, days: 7, freesAt: '2026-12-03T14:30:00.000Z' };
    renderPage(locale);
    await screen.findByRole('button', { name: locale === 'fr' ? 'Envoyer' : 'Send' }, { timeout: 20_000 });
    await waitFor(() => expect(document.body.textContent).toContain(said));
  });

  it('says nothing of the limit while messages are left', async () => {
    renderPage('fr');
    await screen.findByLabelText('Objet (français)', {}, { timeout: 20_000 });
    expect(document.body.textContent).not.toContain('Limite atteinte');
  });

  // A tap on the language button mid-write showed empty English fields, the French text hidden behind them.
  it('keeps the text in the language it was written in when the page changes language', async () => {
    const i18n = createI18n('fr');
    renderPage('fr', i18n);
    fireEvent.change(await screen.findByLabelText('Objet (français)', {}, { timeout: 20_000 }), { target: { value: 'Sortie' } });
    await act(() => i18n.changeLanguage('en'));
    expect(((await screen.findByLabelText('Subject (French)')) as HTMLInputElement).value).toBe('Sortie');
    expect(screen.queryByLabelText('Subject (English)')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /^Also write in English/ })).toBeTruthy();
  });

  // Word's manual line break (Shift+Enter) arrives as a vertical tab: it read as a space and the form said only
  // « Cette valeur n'est pas valide ».
  it('takes text pasted from a word processor as it was meant: its line breaks kept, invisible characters gone', async () => {
    renderPage('fr');
    const field = (await screen.findByLabelText('Message (français)', {}, { timeout: 20_000 })) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Bonjour,\u000bla sortie\u000cest vendredi.\u0007\u2028Merci' } });
    expect(field.value).toBe('Bonjour,\nla sortie\nest vendredi.\nMerci');
  });
});

describe('sending from the form', () => {
  it('says to keep the page open, and leaving the page mid-send asks first', async () => {
    let release = () => undefined as void;
    api.hold = new Promise<void>((resolve) => (release = resolve));
    api.chunks = [at('sent', 0, 9)];
    const router = renderPage('fr');
    fireEvent.change(await screen.findByLabelText('Objet (français)', {}, { timeout: 20_000 }), { target: { value: 'Sortie au musée' } });
    fireEvent.change(screen.getByLabelText('Message (français)'), { target: { value: 'Bonjour' } });
    // A draft asks too (the next test); the sending's own question replaces it.
    expect(unloadAsks()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findAllByText(/^Gardez cette page ouverte jusqu'à la fin de l'envoi\./)).not.toHaveLength(0);
    // The « Envoyés » tab opens on it (the page stayed on an empty « Reçus »).
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Envoyés' }).getAttribute('aria-selected')).toBe('true'));
    expect(unloadAsks()).toBe(true);
    void router.navigate('/');
    await screen.findByText("Quitter pendant l'envoi?");
    fireEvent.click(screen.getByRole('button', { name: 'Rester sur la page' }));
    await waitFor(() => expect(screen.queryByText("Quitter pendant l'envoi?")).toBeNull());
    expect(router.state.location.pathname).toBe('/messages');

    release();
    expect(await screen.findAllByText(/^Message envoyé\. Courriels\s:\s9/)).not.toHaveLength(0);
    // One run for the message: the form's, not a second one from the resume of messages left sending.
    expect(api.continues).toBe(1);
    expect(api.posts).toHaveLength(1);
    await waitFor(() => expect(unloadAsks()).toBe(false));
    expect(screen.queryByText(/^Gardez cette page ouverte/)).toBeNull();
  });

  it.each([
    ['fr', 'Objet (français)', 'Message (français)', 'Envoyer', 'Annuler', 'Envoyer ce message?', 'Objet\u00a0: Sortie au musée «\u00a0Pointe-à-Callière\u00a0»Destinataires\u00a0: Parents · Classe E (46\u00a0personnes)', 'Un courriel envoyé ne peut pas être repris.'],
    ['en', 'Subject (English)', 'Message (English)', 'Send', 'Cancel', 'Send this message?', 'Subject: Sortie au musée «\u00a0Pointe-à-Callière\u00a0»To: Parents · Class E (46\u00a0people)', 'An email sent cannot be taken back.'],
  ] as const)('asks before sending, naming the subject, the audience and how many it reaches; cancelled, nothing is sent and the text stays (%s)', async (locale, subject, body, send, cancel, title, to, final) => {
    renderPage(locale);
    // A subject with its own quotation marks is not put in a second pair (a trial's « … « … » »).
    fireEvent.change(await screen.findByLabelText(subject, {}, { timeout: 20_000 }), { target: { value: 'Sortie au musée «\u00a0Pointe-à-Callière\u00a0»' } });
    fireEvent.change(screen.getByLabelText(body), { target: { value: 'Bonjour' } });
    fireEvent.click(screen.getByRole('button', { name: send }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(title);
    expect(dialog.textContent).toContain(to);
    expect(dialog.textContent).toContain(final);
    fireEvent.click(within(dialog).getByRole('button', { name: cancel }));
    await waitFor(() => expect(screen.queryByText(title)).toBeNull());
    expect(api.posts).toEqual([]);
    expect((screen.getByLabelText(subject) as HTMLInputElement).value).toBe('Sortie au musée «\u00a0Pointe-à-Callière\u00a0»');
  });

  // A trial's English-reading parents got French text in an English email, unannounced.
  it.each([
    ['fr', 'Objet (français)', 'Message (français)', 'Envoyer', "6\u00a0destinataires lisent l'anglais\u00a0: ces personnes recevront votre texte en français"],
    ['en', 'Subject (English)', 'Message (English)', 'Send', '40\u00a0recipients read French: they will get your text in English'],
  ] as const)('says before sending how many read the language the message is not written in (%s)', async (locale, subject, body, send, note) => {
    renderPage(locale);
    fireEvent.change(await screen.findByLabelText(subject, {}, { timeout: 20_000 }), { target: { value: 'Sortie' } });
    fireEvent.change(screen.getByLabelText(body), { target: { value: 'Bonjour' } });
    fireEvent.click(screen.getByRole('button', { name: send }));
    expect((await screen.findByRole('dialog')).textContent).toContain(note);
  });

  it.each([
    ['fr', 'Objet (français)', 'Message (français)', 'Envoyer', 'Ce champ est obligatoire'],
    ['en', 'Subject (English)', 'Message (English)', 'Send', 'This field is required'],
  ] as const)('refuses an empty message in the browser: each empty field says so, the focus on the first, nothing sent (%s)', async (locale, subject, body, send, required) => {
    renderPage(locale);
    const subjectInput = await screen.findByLabelText(subject, {}, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: send }));
    expect(await screen.findAllByText(required)).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(subjectInput));
    expect(subjectInput.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(body).getAttribute('aria-invalid')).toBe('true');

    // The server's rule: a subject needs its body. A field written loses its message at once.
    fireEvent.change(subjectInput, { target: { value: 'Sortie' } });
    expect(screen.getAllByText(required)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: send }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(body)));
    expect(screen.getAllByText(required)).toHaveLength(1);
    expect(api.posts).toEqual([]);
    expect(screen.queryByText(/Certains champs sont invalides|Some fields are invalid/)).toBeNull();
  });

  it.each([
    ['fr', 'Écrire aussi en anglais', 'Objet (français)', 'Message (français)', 'Objet (anglais)', 'Message (anglais)', 'Envoyer', 'Ce champ est obligatoire'],
    ['en', 'Also write in French', 'Subject (English)', 'Message (English)', 'Subject (French)', 'Message (French)', 'Send', 'This field is required'],
  ] as const)('asked to write in both languages, refuses the other language left blank instead of sending one (%s)', async (locale, both, subject, body, otherSubject, otherBody, send, required) => {
    renderPage(locale);
    await screen.findByLabelText(subject, {}, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`^${both}`) }));
    fireEvent.change(screen.getByLabelText(subject), { target: { value: 'Sortie' } });
    fireEvent.change(screen.getByLabelText(body), { target: { value: 'Départ à 9 h.' } });
    fireEvent.click(screen.getByRole('button', { name: send }));
    expect(await screen.findAllByText(required)).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(otherSubject)));
    expect(screen.getByLabelText(otherBody).getAttribute('aria-invalid')).toBe('true');
    // Each field is in its text's language, not the page's (spell-check, a screen reader's voice).
    expect(screen.getByLabelText(otherBody).closest('[lang]')?.getAttribute('lang')).toBe(locale === 'fr' ? 'en' : 'fr');
    expect(screen.getByLabelText(body).closest('[lang]')?.getAttribute('lang')).toBe(locale);
    expect(api.posts).toEqual([]);
  });
});
