import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@cloudscape-design/global-styles/index.css';
import './app/base.css';
import { App } from './app/app';
import { firstPageShown } from './app/first-page-shown';
import { prepareFirstScreen } from './app/first-screen';
import { importWithReload } from './app/lazy-with-reload';
import { preloadFirstRoute } from './app/route-preload';
import { prefetchRuntimeConfig } from './config/load-runtime-config';
import { createI18n, loadLocaleStrings } from './i18n/i18n';
import { readStoredLocale } from './i18n/locale';
import { listenForInstallPrompt } from './lib/pwa/install-prompt';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// Only the visitor's language is fetched (French unless they chose English on this device): the first render
// must already be translated, and the other language's strings load only if they switch. A chunk that fails
// to load gets the lazy pages' treatment (one reload); after that the app starts anyway rather than stay blank.
const locale = readStoredLocale();
// The browser's install prompt comes once, soon after the load: kept for the install offer (lib/pwa/install-prompt.ts).
listenForInstallPrompt();
// The configuration and the first page's chunk start now too, in parallel, not after the first render.
prefetchRuntimeConfig();
preloadFirstRoute();
// A signed-out visitor's first page renders once, ready (app/first-screen.ts). Its router starts once the strings
// are loaded: a page's groups of strings (router.tsx) are fetched for the languages loaded by then, and one loaded
// before its language would be missing from the first render (an English update link showed bare keys).
void importWithReload(() => loadLocaleStrings(locale), undefined)
  .then(() => prepareFirstScreen().catch(() => ({})))
  .then((firstScreen) => {
    createRoot(container).render(
      <StrictMode>
        <App i18n={createI18n(locale)} {...firstScreen} />
      </StrictMode>,
    );
  });

// The service worker once the first screen is shown and the browser is idle (docs/frontend.md, "Installable
// app"): its install downloads every file of the app, which must not compete with the first screen's own files
// and scripts on a phone. Not before the load event either; at most 10 s after it if the router never settles.
const loaded = new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 5_000 });
    else setTimeout(resolve, 1_000);
  });
void loaded
  .then(() => Promise.race([firstPageShown, new Promise<void>((resolve) => setTimeout(resolve, 10_000))]))
  .then(idle)
  .then(() => import('./lib/pwa/register-service-worker'))
  .then((m) => m.registerServiceWorker());
