// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { AdminMessagesPage } from '../../frontend/src/features/messages/pages/admin-messages-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { DEFAULT_MESSAGE_SETTINGS, type Message } from '@shared/contracts/messages-api';
import { testConfig } from './render-screen';

/**
 * The administrators' « Approuver et envoyer » (docs/messages.md, "Who may write"): a held representative's message
 * is approved, then sent from this screen chunk by chunk; the progress shows as the chunks answer, and a chunk that
 * fails says so in a sentence with the way to go on (« Reprendre l'envoi »). Against a loopback API.
 */
const ID = '01JD0000000000000000000001';
const held: Message = {
  id: ID,
  createdAt: '2030-02-03T14:58:00.000Z',
  author: { name: 'Léa Tremblay', role: { fr: 'Parent représentant de la classe', en: 'Class parent representative' }, personType: 'PARENT', personId: '01JD0000000000000000000002' },
  audience: { type: 'class', classId: '01JD0000000000000000000003' },
  audienceLabel: { fr: 'Parents · Classe A', en: 'Parents · Class A' },
  category: 'class',
  subject: { fr: 'Sortie au musée' },
  body: { fr: 'Bonjour' },
  status: 'pendingApproval',
  counts: { recipients: 4, pending: 4, sent: 0, skipped: 0, failed: 0 },
};
const at = (status: Message['status'], pending: number, sent: number): Message => ({ ...held, status, counts: { ...held.counts, pending, sent, skipped: 4 - pending - sent } });

/** What the API answers: the log's message, and each continue call in turn (a status code, or the progress). */
const api: {
  logged: Message;
  chunks: Array<number | Message>;
  continues: number;
  decisions: unknown[];
  decisionFails: boolean;
  /** Another administrator decided first, the other way: the message as they left it, and 409 CONFLICT. */
  decidedElsewhere?: Message;
} = {
  logged: held,
  chunks: [],
  continues: 0,
  decisions: [],
  decisionFails: false,
};
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
    const answer = (status: number, body: unknown) => void res.writeHead(status, headers).end(JSON.stringify(body));
    if (req.url === '/api/admin/messages') return answer(200, { messages: [api.logged], settings: { ...DEFAULT_MESSAGE_SETTINGS, approveRepresentatives: true } });
    if (req.url === `/api/admin/messages/${ID}/decision`) {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const { approve } = JSON.parse(text) as { approve: boolean };
        api.decisions.push(approve);
        if (api.decisionFails) return answer(503, { error: { code: 'SERVICE_UNAVAILABLE' } });
        if (api.decidedElsewhere) {
          api.logged = api.decidedElsewhere;
          return answer(409, { error: { code: 'CONFLICT' } });
        }
        api.logged = approve ? at('sending', 4, 0) : { ...held, status: 'rejected' };
        answer(200, { message: api.logged });
      });
      return;
    }
    if (req.url === `/api/messages/${ID}/continue`) {
      const chunk = api.chunks[api.continues++];
      if (typeof chunk === 'number') return answer(chunk, { error: { code: 'SERVICE_UNAVAILABLE' } });
      api.logged = chunk!;
      return answer(200, { message: chunk, done: chunk!.status !== 'sending' });
    }
    answer(404, { error: { code: 'ROUTE_NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  cleanup();
  Object.assign(api, { logged: held, chunks: [], continues: 0, decisions: [], decisionFails: false, decidedElsewhere: undefined });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function renderPage(locale: 'fr' | 'en') {
  const config = testConfig(`${url}/api`);
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RuntimeConfigProvider config={config}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <AdminMessagesPage />
          </MemoryRouter>
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}

describe('approving a held message on the administrators\' screen', () => {
  it('shows the sending progress to the end', async () => {
    api.chunks = [at('sending', 2, 1), at('sent', 0, 3)];
    renderPage('fr');
    // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
    fireEvent.click(await screen.findByRole('button', { name: 'Approuver et envoyer' }, { timeout: 20_000 }));
    await screen.findByText('Envoi du message approuvé');
    // Cloudscape repeats a progress bar's result in a live region: the sentence shows at least once.
    expect(await screen.findAllByText(/^Message envoyé\. Courriels\s:\s3; à lire dans le bottin seulement\s:\s1\.$/)).not.toHaveLength(0);
    expect(api.continues).toBe(2);
    expect(screen.queryByText("L'envoi s'est arrêté avant la fin")).toBeNull();
  });

  it('says in a sentence when a chunk fails, and « Reprendre l\'envoi » goes on from there', async () => {
    api.chunks = [at('sending', 2, 1), 503, at('sent', 0, 3)];
    renderPage('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve and send' }, { timeout: 20_000 }));
    await screen.findByText('Sending stopped before the end');
    screen.getByText(/The service is temporarily unavailable\. Please try again in a moment\. Emails already sent will not go out again/);
    // What was sent before the failure stays on screen.
    expect(screen.getAllByText('4 recipients: 1 by email, 1 in the directory only')).not.toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume sending' }));
    expect(await screen.findAllByText('Message sent. Emails: 3; to read in the directory only: 1.')).not.toHaveLength(0);
    expect(api.continues).toBe(3);
    expect(screen.queryByText('Sending stopped before the end')).toBeNull();
  });
});

/** A dialog's title, no-break spaces included (Testing Library's string matcher collapses the page's spaces). */
const heading = (text: string) => (_: string, element: Element | null) => element?.tagName === 'H2' && element.textContent === text;

/** The dialog a title belongs to. */
const dialogTitled = (title: HTMLElement) => title.closest<HTMLElement>('[role="dialog"]')!;

describe("refusing a held message on the administrators' screen", () => {
  it('asks first, says what it does, and refuses only once confirmed', async () => {
    renderPage('fr');
    // The row's button comes first; the dialogs (Cloudscape keeps them in the page, hidden) come after.
    fireEvent.click((await screen.findAllByRole('button', { name: 'Refuser' }, { timeout: 20_000 }))[0]!);
    const dialog = dialogTitled(await screen.findByText(heading('Refuser «\u00a0Sortie au musée\u00a0» de Léa Tremblay?')));
    within(dialog).getByText(/Le message ne sera envoyé à personne\. Son auteur en sera avisé par courriel/);
    // Nothing is decided by opening the dialog, nor by cancelling it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(api.decisions).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Refuser' })[0]!);
    const again = dialogTitled(await screen.findByText(heading('Refuser «\u00a0Sortie au musée\u00a0» de Léa Tremblay?')));
    fireEvent.click(within(again).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(api.decisions).toEqual([false]));
    expect(await screen.findAllByText('Refusé')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Approuver et envoyer' })).toBeNull();
  });

  it('says in the dialog when the refusal failed, and it stays open', async () => {
    api.decisionFails = true;
    renderPage('en');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Reject' }, { timeout: 20_000 }))[0]!);
    const dialog = dialogTitled(await screen.findByText('Reject “Sortie au musée” from Léa Tremblay?'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await within(dialog).findByText(/The service is temporarily unavailable|The message could not be rejected/);
    expect(api.decisions).toEqual([false]);
    within(dialog).getByText('Reject “Sortie au musée” from Léa Tremblay?');
  });
});

/**
 * Two administrators (a new user's trial): one refused in a tab, the other clicked « Approuver et envoyer » in
 * theirs and read « L'envoi s'est arrêté avant la fin. Ces renseignements ont été modifiés entre-temps… « Reprendre
 * l'envoi » continue… »: nothing had been sent. The page now says the message was already decided, and how.
 */
describe('a held message another administrator decided meanwhile', () => {
  it.each([
    ['fr', 'Approuver et envoyer', 'Refusé', '«\u00a0Sortie au musée\u00a0» a déjà été refusé par une autre personne administratrice (ou dans une autre fenêtre)\u00a0: il n\'a été envoyé à personne. La liste est à jour.'],
    ['en', 'Approve and send', 'Rejected', '“Sortie au musée” was already rejected by another administrator (or in another window): it was sent to no one. The list is up to date.'],
  ] as const)('%s: approving one already refused says so, sends nothing and shows the log as it stands', async (lang, approve, refused, sentence) => {
    api.decidedElsewhere = { ...held, status: 'rejected', decision: { approved: false, at: '2030-02-03T15:00:00.000Z' } };
    renderPage(lang);
    fireEvent.click(await screen.findByRole('button', { name: approve }, { timeout: 20_000 }));
    await screen.findByText((_, element) => element?.textContent === sentence && [...element.children].every((child) => child.textContent !== sentence));
    expect(api.decisions).toEqual([true]);
    expect(api.continues).toBe(0);
    expect(screen.queryByText(/L'envoi s'est arrêté|Sending stopped/)).toBeNull();
    // The log read again: the message is refused, nothing is offered to approve.
    expect(await screen.findAllByText(refused)).not.toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: approve })).toBeNull());
  });

  it('fr: refusing one already approved closes the dialog and says it is going out', async () => {
    api.decidedElsewhere = at('sending', 4, 0);
    renderPage('fr');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Refuser' }, { timeout: 20_000 }))[0]!);
    const dialog = dialogTitled(await screen.findByText(heading('Refuser «\u00a0Sortie au musée\u00a0» de Léa Tremblay?')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    const sentence = '«\u00a0Sortie au musée\u00a0» a déjà été approuvé par une autre personne administratrice (ou dans une autre fenêtre)\u00a0: il part à ses destinataires. La liste est à jour.';
    await screen.findByText((_, element) => element?.textContent === sentence && [...element.children].every((child) => child.textContent !== sentence));
    expect(api.decisions).toEqual([false]);
    expect(screen.queryByText(heading('Refuser «\u00a0Sortie au musée\u00a0» de Léa Tremblay?'))).toBeNull();
    expect(await screen.findAllByText('Envoi en cours')).not.toHaveLength(0);
  });
});
