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
    // An open page: the directory pages need a signed-in user.
    renderApp({ configUrl: `${server.url}/config.json`, path: '/about' });

    expect(await screen.findByRole('heading', { level: 1, name: 'À propos' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText("Le bottin en ligne des familles et du personnel de l'école.")).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(document.title).toBe("À propos · Bottin de l'école");

    fireEvent.click(screen.getByRole('button', { name: 'Switch to English' }));

    expect(await screen.findByText("The online directory of the school's families and staff.")).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Vos renseignements' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Your information' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('About · School directory');
    expect(window.localStorage.getItem('locale')).toBe('en');

    fireEvent.click(screen.getByRole('button', { name: 'Passer au français' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Vos renseignements' })).toBeTruthy();
    expect(window.localStorage.getItem('locale')).toBe('fr');
  });

  it('also translates Cloudscape’s own labels (app layout)', async () => {
    renderApp({ configUrl: `${server.url}/config.json`, path: '/about' });
    await screen.findByRole('heading', { level: 1, name: 'À propos' }, { timeout: 20_000 });
    expect(screen.getAllByLabelText('Ouvrir la navigation latérale').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Switch to English' }));
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(screen.getAllByLabelText('Open side navigation').length).toBeGreaterThan(0);
  });
});
