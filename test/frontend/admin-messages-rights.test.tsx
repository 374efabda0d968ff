// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, getDefaultNormalizer, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { AdminMessagesPage } from '../../frontend/src/features/messages/pages/admin-messages-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { DEFAULT_MESSAGE_SETTINGS, type Message, type MessageSettings } from '@shared/contracts/messages-api';
import { windowWidthPerTest } from './window-width';
import { startHandlerApi, type LoopbackApi } from './loopback-api';

/**
 * Withdrawing and restoring an author's right on the administrators' screen (docs/messages.md, "Who may write"),
 * against a loopback API that saves the settings at the version read, as the server does (409 CONFLICT otherwise):
 * saving the switches after a withdrawal keeps it; a save from a stale screen is refused and the page shows the
 * current settings; a withdrawn author is listed with « Rétablir »; an administrator's own message offers no withdrawal.
 */
const REP = '01JD0000000000000000000002';
const KEY = `PARENT#${REP}`;
const repMessage: Message = {
  id: '01JD0000000000000000000001',
  createdAt: '2030-02-03T14:58:00.000Z',
  author: { name: 'Léa Tremblay', role: { fr: 'Parent représentant de la classe', en: 'Class parent representative' }, personType: 'PARENT', personId: REP },
  audience: { type: 'class', classId: '01JD0000000000000000000003' },
  audienceLabel: { fr: 'Parents · Classe A', en: 'Parents · Class A' },
  category: 'class',
  subject: { fr: 'Sortie au musée' },
  body: { fr: 'Bonjour' },
  status: 'sent',
  counts: { recipients: 4, pending: 0, sent: 4, skipped: 0, failed: 0 },
};
/** Written by the administrator herself, as administrator (the kind `school`). */
const adminMessage: Message = {
  ...repMessage,
  id: '01JD0000000000000000000004',
  author: { name: 'Anne Admin', role: { fr: 'Administration du bottin', en: 'Directory administration' }, personType: 'STAFF', personId: '01JD0000000000000000000005' },
  audience: { type: 'school' },
  audienceLabel: { fr: "Toute l'école (parents)", en: 'The whole school (parents)' },
  category: 'school',
  subject: { fr: 'Journée pédagogique' },
};

const api: { settings: MessageSettings; puts: MessageSettings[]; messages: Message[] } = { settings: DEFAULT_MESSAGE_SETTINGS, puts: [], messages: [repMessage, adminMessage] };
let server: LoopbackApi;

beforeAll(async () => {
  server = await startHandlerApi(({ method, url, body }) => {
    if (url === '/api/admin/messages') return { status: 200, body: { messages: api.messages, settings: api.settings } };
    if (url !== '/api/admin/messages/settings' || method !== 'PUT') return undefined;
    const sent = body as MessageSettings;
    api.puts.push(sent);
    if (sent.version !== api.settings.version) return { status: 409, body: { error: { code: 'CONFLICT' } } };
    api.settings = { ...sent, version: sent.version + 1 };
    return { status: 200, body: { settings: api.settings } };
  });
});
const setWidth = windowWidthPerTest();
afterEach(() => {
  cleanup();
  Object.assign(api, { settings: DEFAULT_MESSAGE_SETTINGS, puts: [], messages: [repMessage, adminMessage] });
});
afterAll(() => server.close());

function renderPage(locale: 'fr' | 'en') {
  const { config } = server;
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

describe('withdrawing an author\'s right, then saving the settings', () => {
  it('keeps the withdrawal, lists the author with Restore, and offers nothing on an administrator\'s own message', async () => {
    // The trial's screen: English at 1,440 px, the log a table.
    setWidth(1440);
    renderPage('en');
    // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
    const log = within(await screen.findByRole('table', {}, { timeout: 20_000 }));
    const offered = log.getAllByRole('button', { name: 'Withdraw the right to write' });
    // The representative's message only: the administrator's own one (written as administrator) offers none.
    expect(offered).toHaveLength(1);
    fireEvent.click(offered[0]!);
    const dialog = within(await screen.findByRole('dialog'));
    dialog.getByText('This person will no longer send messages as a class representative, teacher or committee chair. Their messages already sent remain. You can give the right back with "Restore", under "Right to write withdrawn" on this page.');
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw the right to write' }));
    await screen.findByRole('button', { name: "Restore Léa Tremblay's right to write" });
    expect(api.settings).toMatchObject({ withdrawn: [KEY], version: 1 });

    // Without reloading: a switch, then Save, clicked twice as a hurried thumb does: one save, said saved (the second
    // click's 409 once said « changed in the meantime » over it). The withdrawal stays.
    fireEvent.click(screen.getByLabelText("Teachers write to their classes' parents"));
    const putsBefore = api.puts.length;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved.');
    expect(api.puts).toHaveLength(putsBefore + 1);
    expect(screen.queryByText(/changed in the meantime/)).toBeNull();
    expect(api.settings).toEqual({ ...DEFAULT_MESSAGE_SETTINGS, teachers: true, withdrawn: [KEY], version: 2 });
    expect(log.queryAllByRole('button', { name: 'Withdraw the right to write' })).toHaveLength(0);

    // Restore: the right comes back, the author leaves the list, and the log offers the withdrawal again.
    screen.getByText('Right to write withdrawn');
    fireEvent.click(screen.getByRole('button', { name: "Restore Léa Tremblay's right to write" }));
    await waitFor(() => expect(screen.queryByText('Right to write withdrawn')).toBeNull());
    expect(api.settings).toMatchObject({ teachers: true, withdrawn: [], version: 3 });
    expect(await log.findAllByRole('button', { name: 'Withdraw the right to write' })).toHaveLength(1);
  });

  it('a save from a stale screen is refused: it says so and shows the current settings, the withdrawal kept', async () => {
    renderPage('fr');
    await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 20_000 });
    // Another window withdraws the representative's right after this page read the settings.
    api.settings = { ...DEFAULT_MESSAGE_SETTINGS, withdrawn: [KEY], version: 1 };
    const teachers = screen.getByLabelText('Les enseignants écrivent aux parents de leurs classes');
    fireEvent.click(teachers);
    expect(teachers).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText(
      'Ces réglages ont été modifiés entre-temps (par une autre personne administratrice ou dans une autre fenêtre). La page montre maintenant les réglages en vigueur\u00a0: vérifiez-les, puis recommencez.',
      // The no-break space before the colon is kept (French typography).
      { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) },
    );
    // Nothing was saved; the page now shows the settings in force: the withdrawn author, the switch as stored.
    expect(api.settings).toEqual({ ...DEFAULT_MESSAGE_SETTINGS, withdrawn: [KEY], version: 1 });
    await screen.findByText("Droit d'écrire retiré");
    screen.getByRole('button', { name: "Rétablir le droit d'écrire de Léa Tremblay" });
    expect(screen.getByLabelText('Les enseignants écrivent aux parents de leurs classes')).toHaveProperty('checked', false);

    // Saved again from the current settings, the switch goes through and the withdrawal stays.
    fireEvent.click(screen.getByLabelText('Les enseignants écrivent aux parents de leurs classes'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Réglages enregistrés.');
    expect(api.settings).toEqual({ ...DEFAULT_MESSAGE_SETTINGS, teachers: true, withdrawn: [KEY], version: 2 });
  });
});

describe('an empty log on a phone', () => {
  it.each([
    ['fr', 'Journal des messages', "Aucun message envoyé pour l'instant."],
    ['en', 'Message log', 'No message sent yet.'],
  ] as const)('says it is empty inside the box under its title (%s)', async (locale, title, empty) => {
    api.messages = [];
    setWidth(375);
    renderPage(locale);
    await screen.findByRole('heading', { name: new RegExp(`^${title}`) });
    const box = createWrapper().findAllContainers().find((c) => c.findHeader()?.getElement().textContent?.startsWith(title));
    expect(box?.getElement().textContent).toContain(empty);
    // Not Cards: its empty state shows under the box that holds only the title (seen at 375 px in Chromium).
    expect(createWrapper().findCards()).toBeNull();
  });
});
