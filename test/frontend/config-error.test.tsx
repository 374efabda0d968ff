// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** The operator's explanation shows with the explicit switch only (docs/frontend.md, "Help, and diagnostics"). */
function withDiagnostics() {
  window.history.replaceState(null, '', '/?debug=1');
}

async function expectBilingualErrorScreen() {
  expect(await screen.findByText("L'application ne peut pas démarrer", {}, { timeout: 20_000 })).toBeTruthy();
  expect(screen.getByText('The application cannot start')).toBeTruthy();
  // What to do, in both languages.
  expect(screen.getByText(/lancez « npm start »/)).toBeTruthy();
  expect(screen.getByText(/run “npm start”/)).toBeTruthy();
  expect(screen.getByText(/redéployez l'application/)).toBeTruthy();
  expect(screen.getByText(/redeploy the application/)).toBeTruthy();
}

describe('runtime configuration error screen, as a member sees it', () => {
  it('says what to do in both languages (try again, write to the committee), without the operator\'s commands', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A device that started the app before remembers the school's contact from that configuration.
    window.localStorage.setItem('school-contact', 'comite@ecole.example');
    server.serve('not found', 404, 'text/plain');
    renderApp({ configUrl: configUrl() });

    expect(await screen.findByText("Le bottin ne peut pas s'ouvrir pour le moment", {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('The directory cannot open right now')).toBeTruthy();
    expect(screen.getByText(/réessayez dans quelques minutes/)).toBeTruthy();
    expect(screen.getByText(/try again in a few minutes/)).toBeTruthy();
    const contacts = screen.getAllByRole('link', { name: 'comite@ecole.example' });
    expect(contacts.map((link) => link.getAttribute('href'))).toEqual(['mailto:comite@ecole.example', 'mailto:comite@ecole.example']);
    expect(screen.getByRole('button', { name: 'Réessayer / Try again' })).toBeTruthy();
    expect(screen.queryByText(/npm start/)).toBeNull();
    expect(screen.queryByText(/cdk deploy/)).toBeNull();
    expect(screen.queryByText(/HTTP 404/)).toBeNull();
  });

  it('names the school office when no contact address is known on this device, and remembers the next one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.serve('{}');
    renderApp({ configUrl: configUrl(), path: '/about' });
    expect(await screen.findByText(/communiquez avec le secrétariat de l'école/, {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/contact the school office/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();

    server.serve(validConfig(server.url));
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer / Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'À propos' }, { timeout: 20_000 });
    await waitFor(() => expect(window.localStorage.getItem('school-contact')).toBe('comite@ecole.example'));
  });
});

describe('runtime configuration error screen, with ?debug=1', () => {
  it('names the missing or invalid fields when /config.json does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    withDiagnostics();
    server.serve(JSON.stringify({ mode: 'cloud', region: 'ca-central-1', apiBaseUrl: '/api' }));
    renderApp({ configUrl: configUrl() });

    await expectBilingualErrorScreen();
    expect(screen.getByText(/Champs en cause.*mode, userPoolId, userPoolClientId/)).toBeTruthy();
    expect(screen.getByText(/Fields at fault: mode, userPoolId, userPoolClientId/)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('explains a body that is not JSON', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    withDiagnostics();
    server.serve('{ "mode": "local", ');
    renderApp({ configUrl: configUrl() });
    await expectBilingualErrorScreen();
    expect(screen.getByText("Le fichier /config.json n'est pas du JSON valide.")).toBeTruthy();
    expect(screen.getByText('The file /config.json is not valid JSON.')).toBeTruthy();
  });

  it('explains a missing file, including a single-page-app fallback that answers with HTML', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    withDiagnostics();
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
    withDiagnostics();
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
