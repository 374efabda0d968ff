import { useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { ConfigGate } from '../config/config-gate';
import type { ConfigLoadResult } from '../config/load-runtime-config';
import { useRuntimeConfig } from '../config/runtime-config-context';
import { CloudscapeI18n } from '../i18n/cloudscape-i18n';
import { ServiceHealthProvider } from '../components/service-health/service-health-context';
import { ThemeProvider } from '../components/theme/theme-context';
import { authStore } from '../features/auth';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

export interface AppProps {
  i18n: I18n;
  /** Where to read the runtime configuration; tests point it at their own server. */
  configUrl?: string;
  /** Builds the router once the configuration is known; tests pass a memory router. */
  createRouter?: () => AppRouter;
  /** `/config.json` as the entry already read it (main.tsx): no loading state for it. */
  initialConfig?: ConfigLoadResult;
}

function ConfiguredApp({ createRouter }: { createRouter: () => AppRouter }) {
  const config = useRuntimeConfig();
  // Amplify must know the user pool before the router's first loaders read the session.
  const [router] = useState(() => {
    authStore.configure(config);
    return createRouter();
  });
  return (
    <ServiceHealthProvider apiBaseUrl={config.apiBaseUrl}>
      <RouterProvider router={router} />
    </ServiceHealthProvider>
  );
}

/** Providers, outermost first: translations, Cloudscape's own strings, theme, runtime config, then the router. */
export function App({ i18n, configUrl, createRouter = createAppRouter, initialConfig }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <CloudscapeI18n>
        <ThemeProvider>
          <ConfigGate configUrl={configUrl} initial={initialConfig}>
            <ConfiguredApp createRouter={createRouter} />
          </ConfigGate>
        </ThemeProvider>
      </CloudscapeI18n>
    </I18nextProvider>
  );
}
