// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { startConfigServer, validConfig, type ConfigServer } from './config-server';
import { renderApp } from './render-app';

let server: ConfigServer;
const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });

beforeAll(async () => {
  server = await startConfigServer();
  server.serve(validConfig(server.url));
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  setWidth(1024);
});

async function renderAt(path: string) {
  const result = renderApp({ configUrl: `${server.url}/config.json`, path });
  await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
  return result;
}

describe('app shell', () => {
  it('opens the navigation from 1280 px and keeps it closed below', async () => {
    setWidth(1440);
    await renderAt('/');
    expect(createWrapper().findAppLayout()!.findOpenNavigationPanel()).not.toBeNull();
    cleanup();

    setWidth(1279);
    await renderAt('/');
    expect(createWrapper().findAppLayout()!.findOpenNavigationPanel()).toBeNull();
  });

  it('follows a navigation link through the router, without reloading the page', async () => {
    setWidth(1440);
    // An open page and an open link: directory pages need a signed-in user (test/frontend/auth-guards.test.tsx).
    await renderAt('/update-success');
    const aboutLink = createWrapper().findSideNavigation()!.findLinkByHref('/about')!.getElement();
    fireEvent.click(aboutLink, { button: 0 });
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('renders every route of the app inside the layout, and a 404 page for anything else', async () => {
    // The open routes; protected ones send a signed-out visitor to /auth (test/frontend/auth-guards.test.tsx).
    const titles: Record<string, string> = {
      '/email-verification-required': 'Vérification du courriel requise',
      '/update/abc123': 'Mise à jour de vos renseignements',
      '/update-success': 'Renseignements mis à jour',
      '/nowhere': 'Page introuvable',
    };
    for (const [path, title] of Object.entries(titles)) {
      await renderAt(path);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      cleanup();
    }
  });

  it('shows an offline banner while the browser is offline, then a "connection restored" notice', async () => {
    await renderAt('/');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // The flash bar's code is fetched once the browser is idle, or at its first message (app-shell.tsx).
    expect(await screen.findByText('Vous êtes hors ligne.', {}, { timeout: 20_000 })).toBeTruthy();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('Vous êtes hors ligne.')).toBeNull());
    expect(screen.getByText('Connexion rétablie.')).toBeTruthy();
  });

  it('the debug panel shows build, configuration, auth placeholder and service health', async () => {
    await renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Informations de débogage' }));
    // The panel's code loads when the drawer first opens (app-shell.tsx).
    await screen.findByRole('heading', { level: 2, name: 'Informations de débogage' }, { timeout: 20_000 });
    const valueOf = (label: string) => screen.getByText(label).closest('dt')!.nextElementSibling!.textContent;
    expect(valueOf('Déploiement')).toBe('test-build');
    expect(valueOf("Bassin d'utilisateurs")).toBe('local_testpool');
    expect(valueOf('Courriel de contact')).toBe('comite@ecole.example');
    expect(screen.getByText('Déconnecté')).toBeTruthy();
    expect(valueOf('En ligne')).toBe('Oui');
    // The test server's real /api/health answered; the identity check waits for the auth layer.
    await waitFor(() => expect(valueOf('API joignable')).toBe('Oui'));
    expect(valueOf("Service d'identité joignable")).toBe('Inconnu');
  });
});
