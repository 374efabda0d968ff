// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { debugSwitchOn } from '../../frontend/src/components/debug/debug-switch';
import {
  INSTALL_OFFER_KEY,
  installOfferKind,
  isIphone,
  listenForInstallPrompt,
  offerAnswered,
  promptInstall,
} from '../../frontend/src/lib/pwa/install-prompt';
import { startConfigServer, validConfig, type ConfigServer } from './config-server';
import { renderApp } from './render-app';

/**
 * Help, not debug (docs/frontend.md, "Help, and diagnostics for administrators"): the ⓘ button and the footer open
 * the help page for everyone; the debug panel is for administrators or behind `?debug=1`. The install offer's
 * rules (lib/pwa/install-prompt.ts). The signed-in parent's journey: test/e2e/parent-home.test.ts.
 */
let server: ConfigServer;

beforeAll(async () => {
  server = await startConfigServer();
  server.serve(validConfig(server.url));
  listenForInstallPrompt(window);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

async function renderAt(path: string, locale?: 'fr' | 'en') {
  const result = renderApp({ configUrl: `${server.url}/config.json`, path, locale });
  await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
  return result;
}

/** A synthetic `beforeinstallprompt`, as Chromium fires it when the page can be installed. */
function fireInstallPrompt(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

describe('help for everyone, diagnostics behind a switch', () => {
  it('the ⓘ button opens the help page, and no debug link is offered without the switch', async () => {
    await renderAt('/about');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('button', { name: 'Informations de débogage' })).toBeNull();
    expect(within(footer).getByRole('link', { name: 'Aide' }).getAttribute('href')).toBe('/aide');

    const layout = createWrapper().findAppLayout()!;
    const info = layout.findToolsToggle()!.getElement();
    expect(info.getAttribute('aria-label')).toBe('Aide');
    fireEvent.click(info);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aide' }, { timeout: 20_000 })).toBeTruthy();
    expect(layout.findOpenToolsPanel()).toBeNull();
    for (const topic of [
      "Qui peut s'inscrire, et pourquoi",
      'Choisir ce que les autres voient',
      'Obtenir un nouveau lien ou code de mise à jour',
      "Installer l'application",
      'Imprimer le bottin',
      'Qui contacter',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'comite@ecole.example' }).getAttribute('href')).toBe('mailto:comite@ecole.example');
    expect(screen.getByText(/Sur un iPhone/).textContent).toContain('«\u00a0Sur l\'écran d\'accueil\u00a0»');
    expect(screen.getByText(/Sur Android/)).toBeTruthy();
    expect(screen.queryByText('Informations de débogage')).toBeNull();
  });

  it('answers at /help in English, where the ⓘ button of an English page leads', async () => {
    await renderAt('/help', 'en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Help');
    expect(screen.getByRole('heading', { level: 2, name: 'Who may register, and why' })).toBeTruthy();
    expect(createWrapper().findAppLayout()!.findToolsToggle()!.getElement().getAttribute('aria-label')).toBe('Help');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
  });

  it('?debug=1 turns the diagnostics on for the tab, ?debug=0 off', () => {
    expect(debugSwitchOn('')).toBe(false);
    expect(debugSwitchOn('?debug=1')).toBe(true);
    expect(debugSwitchOn('?q=x')).toBe(true);
    expect(debugSwitchOn('?debug=0')).toBe(false);
    expect(debugSwitchOn('')).toBe(false);
  });
});

describe('the install offer', () => {
  it('keeps the browser prompt, installs from the help page once, and remembers it', async () => {
    await renderAt('/aide');
    expect(screen.queryByRole('button', { name: 'Installer' })).toBeNull();
    const { prompt, event } = fireInstallPrompt('accepted');
    // Chromium's own mini-bar is held back: the app offers it instead.
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Installer' }));
    expect(prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(window.localStorage.getItem(INSTALL_OFFER_KEY)).toBe('installed'));
    // The event allows one prompt: the button goes.
    expect(screen.queryByRole('button', { name: 'Installer' })).toBeNull();
  });

  it("a prompt the person turns down in the browser's dialog counts as 'not now', not as installed", async () => {
    fireInstallPrompt('dismissed');
    expect(installOfferKind()).toBe('prompt');
    expect(offerAnswered()).toBe(false);
    expect(await promptInstall()).toBe('dismissed');
    expect(window.localStorage.getItem(INSTALL_OFFER_KEY)).toBe('dismissed');
    expect(offerAnswered()).toBe(true);
    expect(await promptInstall()).toBe('unavailable');
  });

  it("recognises an iPhone's user agent (any browser there), not an Android phone's", () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    expect(isIphone(iphone)).toBe(true);
    expect(isIphone(iphone.replace('iPhone; CPU iPhone OS', 'iPhone; CPU OS').replace('Safari', 'CriOS'))).toBe(true);
    expect(isIphone(android)).toBe(false);
  });
});
