// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { startConfigServer, validConfig, type ConfigServer } from './config-server';
import { renderApp } from './render-app';

let server: ConfigServer;
const configUrl = () => `${server.url}/config.json`;

beforeAll(async () => {
  server = await startConfigServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function expectBilingualErrorScreen() {
  expect(await screen.findByText("L'application ne peut pas démarrer", {}, { timeout: 20_000 })).toBeTruthy();
  expect(screen.getByText('The application cannot start')).toBeTruthy();
  // What to do, in both languages.
  expect(screen.getByText(/lancez « npm start »/)).toBeTruthy();
  expect(screen.getByText(/run “npm start”/)).toBeTruthy();
  expect(screen.getByText(/redéployez l'application/)).toBeTruthy();
  expect(screen.getByText(/redeploy the application/)).toBeTruthy();
}

describe('runtime configuration error screen', () => {
  it('names the missing or invalid fields when /config.json does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.serve(JSON.stringify({ mode: 'cloud', region: 'ca-central-1', apiBaseUrl: '/api' }));
    renderApp({ configUrl: configUrl() });

    await expectBilingualErrorScreen();
    expect(screen.getByText(/Champs en cause.*mode, userPoolId, userPoolClientId/)).toBeTruthy();
    expect(screen.getByText(/Fields at fault: mode, userPoolId, userPoolClientId/)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('explains a body that is not JSON', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.serve('{ "mode": "local", ');
    renderApp({ configUrl: configUrl() });
    await expectBilingualErrorScreen();
    expect(screen.getByText("Le fichier /config.json n'est pas du JSON valide.")).toBeTruthy();
    expect(screen.getByText('The file /config.json is not valid JSON.')).toBeTruthy();
  });

  it('explains a missing file, including a single-page-app fallback that answers with HTML', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.serve('not found', 404, 'text/plain');
    renderApp({ configUrl: configUrl() });
    await expectBilingualErrorScreen();
    expect(screen.getByText('The server answered HTTP 404 instead of serving /config.json.')).toBeTruthy();
    cleanup();

    server.serve('<!doctype html><html></html>', 200, 'text/html');
    renderApp({ configUrl: configUrl() });
    await expectBilingualErrorScreen();
    expect(screen.getByText('The file /config.json was not found on this server.')).toBeTruthy();
  });

  it('starts the app when "Try again" finds a valid file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.serve('{}');
    renderApp({ configUrl: configUrl(), path: '/about' });
    await expectBilingualErrorScreen();

    server.serve(validConfig(server.url));
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer / Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos' }, { timeout: 20_000 })).toBeTruthy();
    // The footer's contact link comes from the configuration.
    expect(screen.getByRole('link', { name: /^Nous joindre\s:\sécrire au comité de parents \(comite@ecole\.example\)$/ })).toBeTruthy();
  });
});
