// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { startConfigServer, validConfig, type ConfigServer } from './config-server';
import { renderApp } from './render-app';

/**
 * The signed-in shell provides the app's one query client (docs/frontend.md, "Server state"): a page it frames reads
 * through it and shows the read's state with QueryState. The privacy policy is open to visitors, so no sign-in is
 * needed; this server does not answer its API call, so the page shows the read's error and « Réessayer ».
 */
let server: ConfigServer;

beforeAll(async () => {
  server = await startConfigServer();
  server.serve(validConfig(server.url));
});
afterAll(() => (cleanup(), server.close()));

describe('the query provider', () => {
  it("gives the shell's pages a query client: the privacy policy's read fails with its sentence and Réessayer", async () => {
    renderApp({ configUrl: `${server.url}/config.json`, path: '/confidentialite', locale: 'fr' });
    await screen.findByText('Impossible de charger la politique de confidentialité. Réessayez plus tard.', {}, { timeout: 20_000 });
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
