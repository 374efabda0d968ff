import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@cloudscape-design/global-styles/index.css';
import { App } from './app/app';
import { createI18n } from './i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <App i18n={createI18n()} />
  </StrictMode>,
);

// The service worker after the page has loaded: nothing on the first page, no competition with its requests.
window.addEventListener('load', () => {
  void import('./lib/pwa/register-service-worker').then((m) => m.registerServiceWorker());
});
