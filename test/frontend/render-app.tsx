import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../../frontend/src/app/app';
import { buildRoutes } from '../../frontend/src/app/router';
// The signed-in shell is a lazy route of the app (docs/frontend.md, "First page"): loaded here with the helper, as
// it was when the router imported it, so that transforming AppLayout does not eat into a test's wait for its page.
import '../../frontend/src/app/auth-shell';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';

/** The whole app as main.tsx mounts it, with a memory router at `path` and the config read from `configUrl`. */
export function renderApp({ configUrl, path = '/', locale }: { configUrl: string; path?: string; locale?: Locale }) {
  const i18n = createI18n(locale);
  // The router the app made, for the address it shows (`router.state.location`).
  const made: { router?: ReturnType<typeof createMemoryRouter> } = {};
  const utils = render(
    <App
      i18n={i18n}
      configUrl={configUrl}
      createRouter={() => (made.router = createMemoryRouter(buildRoutes(), { initialEntries: [path] }))}
    />,
  );
  return { ...utils, i18n, location: () => made.router?.state.location };
}
