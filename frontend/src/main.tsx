import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@cloudscape-design/global-styles/index.css';
import { App } from './app/app';
import { importWithReload } from './app/lazy-with-reload';
import { preloadFirstRoute } from './app/route-preload';
import { prefetchRuntimeConfig } from './config/load-runtime-config';
import { createI18n, loadLocaleStrings } from './i18n/i18n';
import { readStoredLocale } from './i18n/locale';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// Only the visitor's language is fetched (French unless they chose English on this device): the first render
// must already be translated, and the other language's strings load only if they switch. A chunk that fails
// to load gets the lazy pages' treatment (one reload); after that the app starts anyway rather than stay blank.
const locale = readStoredLocale();
// The configuration and the first page's chunk start now too, in parallel, not after the first render.
prefetchRuntimeConfig();
preloadFirstRoute();
void importWithReload(() => loadLocaleStrings(locale), undefined).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App i18n={createI18n(locale)} />
    </StrictMode>,
  );
});

// The service worker after the page has loaded: nothing on the first page, no competition with its requests.
window.addEventListener('load', () => {
  void import('./lib/pwa/register-service-worker').then((m) => m.registerServiceWorker());
});
