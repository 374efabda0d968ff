// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../../frontend/src/app/app';
import { prepareFirstScreen } from '../../frontend/src/app/first-screen';
import { buildRoutes } from '../../frontend/src/app/router';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { STORED_SESSION_PREFIX } from '../../frontend/src/lib/api/stored-session';
import { startValidationServer, type ValidationServer } from './auth-test-server';

/** app/first-screen.ts: a signed-out visitor's first page in one render (docs/frontend.md, "Critical path on a phone"). */
let server: ValidationServer;
beforeAll(async () => {
  server = await startValidationServer();
  // In a browser the sign-in page's files were requested before the entry ran (the first-route script); here its
  // first import compiles Cloudscape's modules, longer than the wait for the page (FIRST_SCREEN_WAIT_MS).
  await import('../../frontend/src/features/auth/pages/auth-page');
}, 60_000);
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const memoryRouter = (path: string) => () => createMemoryRouter(buildRoutes(), { initialEntries: [path] });

describe('the first screen of a signed-out visitor', () => {
  it('is rendered ready: the sign-in form in the first render, no loading state before it', async () => {
    const first = await prepareFirstScreen(`${server.url}/config.json`, memoryRouter('/auth'));
    expect(first.initialConfig?.ok).toBe(true);
    // The router has already loaded the page (its first navigation is over) when the app first renders.
    expect(first.createRouter?.().state).toMatchObject({ initialized: true, location: { pathname: '/auth' } });
    render(<App i18n={createI18n('fr')} configUrl={`${server.url}/config.json`} {...first} />);
    // No findBy: the form must be there after the first render, without waiting for a later one.
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.queryByText('Chargement…')).toBeNull();
  });

  it('leaves a visitor who may be signed in to the loading states (their guards may wait on the network)', async () => {
    window.localStorage.setItem(`${STORED_SESSION_PREFIX}client.LastAuthUser`, 'parent@example.org');
    expect(await prepareFirstScreen(`${server.url}/config.json`, memoryRouter('/auth'))).toEqual({});
  });

  it('leaves a configuration problem to the config gate, which explains it', async () => {
    expect(await prepareFirstScreen(`${server.url}/missing.json`, memoryRouter('/auth'))).toEqual({});
  });
});
