// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { UnsubscribePage } from '../../frontend/src/features/messages/pages/unsubscribe-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { LOCALE_STORAGE_KEY } from '../../frontend/src/i18n/locale';
import { startHandlerApi, type LoopbackApi } from './loopback-api';

/**
 * The unsubscribe page (docs/messages.md, "Unsubscribe"), the footer link of a message's email, against a loopback
 * API: it opens in the email's language (`lang=`) on a new device without saving it, names the kind the link
 * carries before the click, and a token the server refuses is told as a sentence about this unsubscribe link, not
 * the update link's.
 */
const api: { status: number; body: unknown; posts: unknown[] } = { status: 200, body: {}, posts: [] };
let server: LoopbackApi;

beforeAll(async () => {
  server = await startHandlerApi(({ method, url, body }) => {
    if (url !== '/api/messages/unsubscribe' || method !== 'POST') return undefined;
    api.posts.push(body);
    return api;
  });
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.lang = '';
  Object.assign(api, { status: 200, body: {}, posts: [] });
});
afterAll(() => server.close());

/** The page opened at `path` in a new browser: nothing saved, so the app starts in French. */
function openPage(path: string): I18n {
  const { config } = server;
  const i18n = createI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <RuntimeConfigProvider config={config}>
        <MemoryRouter initialEntries={[path]}>
          <UnsubscribePage />
        </MemoryRouter>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
  return i18n;
}

const TOKEN = 'a'.repeat(43);

describe('the unsubscribe page', () => {
  it("opens in the English email's language on a new device, without saving it; the switch still works", async () => {
    const i18n = openPage(`/unsubscribe?token=${TOKEN}&lang=en&kind=class`);
    await screen.findByRole('heading', { name: 'Stop receiving messages from your classes' });
    expect(document.documentElement.lang).toBe('en');
    screen.getByText("You will no longer receive messages from your classes' representatives and teachers by email. You can still read them in the directory and change your mind in My Profile.");
    screen.getByRole('button', { name: 'Unsubscribe' });
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();

    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    await screen.findByRole('heading', { name: 'Ne plus recevoir les messages de vos classes' });
    expect(document.documentElement.lang).toBe('fr');
    screen.getByRole('button', { name: 'Me désabonner' });
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr');
  });

  it('names the kind the link carries before the click, in French', async () => {
    openPage(`/unsubscribe?token=${TOKEN}&lang=fr&kind=school`);
    await screen.findByRole('heading', { name: "Ne plus recevoir les messages de l'école" });
    screen.getByText("Vous ne recevrez plus par courriel les messages de l'école et de son comité de parents. Vous pourrez toujours les lire dans le bottin et changer d'avis dans Mon profil.");
    cleanup();
    openPage(`/unsubscribe?token=${TOKEN}&lang=en&kind=committee`);
    await screen.findByRole('heading', { name: 'Stop receiving messages from your committees' });
    screen.getByText('You will no longer receive messages from the committees you belong to by email. You can still read them in the directory and change your mind in My Profile.');
    cleanup();

    // A link sent before links carried their kind: the general wording, and the answer names the kind stopped.
    api.body = { category: 'committee', language: 'fr' };
    openPage(`/unsubscribe?token=${TOKEN}&lang=fr`);
    await screen.findByRole('heading', { name: 'Ne plus recevoir ce type de message' });
    fireEvent.click(screen.getByRole('button', { name: 'Me désabonner' }));
    await screen.findByText(/^C'est fait\s: vous ne recevrez plus les messages de vos comités par courriel\.$/, {}, { timeout: 10_000 });
    expect(api.posts).toEqual([{ token: TOKEN }]);
  });

  it.each([
    ['fr', 'Me désabonner', /^C'est fait\s: vous ne recevrez plus les messages des représentants et enseignants de vos classes par courriel\.$/],
    ['en', 'Unsubscribe', /^Done: you will no longer receive messages from your classes' representatives and teachers by email\.$/],
  ] as const)('(%s) a class message\'s link confirms what the page said it stops: representatives and teachers', async (lang, button, done) => {
    api.body = { category: 'class', language: lang };
    openPage(`/unsubscribe?token=${TOKEN}&lang=${lang}&kind=class`);
    await screen.findByText(lang === 'fr' ? /des représentants et enseignants de vos classes/ : /representatives and teachers/);
    fireEvent.click(screen.getByRole('button', { name: button }));
    await screen.findByText(done, {}, { timeout: 10_000 });
  });

  it.each([
    ['fr', 'TOKEN_INVALID', 'Ce lien de désabonnement est invalide ou a expiré. Vous pouvez choisir les courriels que vous recevez dans Mon profil.', 'Me désabonner'],
    ['en', 'TOKEN_INVALID', 'This unsubscribe link is invalid or has expired. You can choose the emails you receive in My Profile.', 'Unsubscribe'],
    ['fr', 'VALIDATION_FAILED', 'Ce lien de désabonnement est invalide ou a expiré. Vous pouvez choisir les courriels que vous recevez dans Mon profil.', 'Me désabonner'],
    ['en', 'TOKEN_EXPIRED', 'This unsubscribe link is invalid or has expired. You can choose the emails you receive in My Profile.', 'Unsubscribe'],
  ])('a token the server refuses (%s, %s) is told as this unsubscribe link, not the update link', async (lang, code, sentence, button) => {
    api.status = code === 'VALIDATION_FAILED' ? 400 : 404;
    api.body = { error: { code } };
    openPage(`/unsubscribe?token=garbage&lang=${lang}`);
    fireEvent.click(await screen.findByRole('button', { name: button }));
    await screen.findByText(sentence, {}, { timeout: 10_000 });
    expect(screen.queryByText(/mise à jour|update link/)).toBeNull();
  });

  it.each([
    ['fr', 'Me désabonner', "Le désabonnement n'a pas pu être enregistré. Réessayez dans un moment, ou changez vos choix dans Mon profil."],
    ['en', 'Unsubscribe', 'The unsubscribe could not be saved. Try again in a moment, or change your choices in My Profile.'],
  ])('a failure without a code (%s) says to try again, not that the link no longer works', async (lang, button, sentence) => {
    api.status = 502;
    api.body = 'Bad Gateway';
    openPage(`/unsubscribe?token=${TOKEN}&lang=${lang}`);
    fireEvent.click(await screen.findByRole('button', { name: button }));
    await screen.findByText(sentence, {}, { timeout: 10_000 });
  });
});
