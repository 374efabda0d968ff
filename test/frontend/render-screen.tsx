import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';

/** The runtime configuration of a screen rendered alone, its API at `apiBaseUrl` (by default a port nobody listens on). */
export const testConfig = (apiBaseUrl = 'http://127.0.0.1:9/api'): RuntimeConfig =>
  ({ mode: 'local', region: 'ca-central-1', userPoolId: 'local_x', userPoolClientId: 'x', apiBaseUrl, contactEmail: 'c@ecole.example', build: 't' }) as RuntimeConfig;

/**
 * One screen in a language, inside the app's providers (configuration, query cache, a memory router), with the
 * server's answers already read: each `[key, data]` is in the cache for good, so nothing is asked of a server. A
 * screen that sends something is given a loopback API's `config` (test/frontend/loopback-api.ts); `at` is the
 * address it opens at (`/messages?tab=sent`).
 */
export function renderWithAnswers(
  ui: ReactElement,
  {
    locale,
    answers,
    config = testConfig(),
    at = '/',
    dataRouter = false,
  }: {
    locale: Locale;
    answers: [QueryKey, unknown][];
    config?: RuntimeConfig;
    at?: string;
    /** In a data router (createMemoryRouter), for screens that ask before leaving (useBlocker). */
    dataRouter?: boolean;
  },
) {
  // The app's client (a write refetches what it changed, as in the app), its answers kept for good.
  const client = createQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, staleTime: Infinity } });
  for (const [key, data] of answers) client.setQueryData(key, data);
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RuntimeConfigProvider config={config}>
        <QueryClientProvider client={client}>
          {dataRouter ? (
            <RouterProvider router={createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [at] })} />
          ) : (
            <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
          )}
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}

/**
 * A data router (createMemoryRouter: its history can go Back) in a language, inside the app's providers, with a fresh
 * query cache; returns the router, whose `navigate(-1)` is the browser's Back.
 */
export function renderRouter<R extends { navigate: unknown }>(
  router: R,
  { locale, config = testConfig(), i18n = createI18n(locale) }: { locale: Locale; config?: RuntimeConfig; i18n?: ReturnType<typeof createI18n> },
): R {
  render(
    <I18nextProvider i18n={i18n}>
      <RuntimeConfigProvider config={config}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router as unknown as Parameters<typeof RouterProvider>[0]['router']} />
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
  return router;
}
