// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { startConfigServer, validConfig, type ConfigServer } from './config-server';
import { renderApp } from './render-app';

let server: ConfigServer;

beforeAll(async () => {
  server = await startConfigServer();
  server.serve(validConfig(server.url));
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('language selector', () => {
  it('starts in French and switches the whole page to English, then back', async () => {
    renderApp({ configUrl: `${server.url}/config.json`, path: '/classes' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Classes' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('Les classes, leurs enseignantes et enseignants, et leurs élèves.')).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(document.title).toBe("Classes · Bottin de l'école");

    fireEvent.click(screen.getByRole('button', { name: 'Switch to English' }));

    expect(await screen.findByText('Classes, their teachers and their students.')).toBeTruthy();
    expect(screen.queryByText('Cette section arrive bientôt.')).toBeNull();
    expect(screen.getByText('This section is coming soon.')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Classes · School directory');
    expect(window.localStorage.getItem('locale')).toBe('en');

    fireEvent.click(screen.getByRole('button', { name: 'Passer au français' }));
    expect(await screen.findByText('Cette section arrive bientôt.')).toBeTruthy();
    expect(window.localStorage.getItem('locale')).toBe('fr');
  });

  it('also translates Cloudscape’s own labels (app layout)', async () => {
    renderApp({ configUrl: `${server.url}/config.json`, path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, { timeout: 20_000 });
    expect(screen.getAllByLabelText('Ouvrir la navigation latérale').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Switch to English' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.getAllByLabelText('Open side navigation').length).toBeGreaterThan(0);
  });
});
