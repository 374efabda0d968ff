import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker (docs/frontend.md, "Installable app"): Workbox's generateSW, through vite-plugin-pwa, writes
 * dist/sw.js with the app shell's precache list (index.html and the content-hashed assets, each with its revision).
 * - Navigations get the precached index.html (offline too); /api/ is never answered by the worker and never cached.
 * - /config.json (no personal data) is network-first, its last answer kept so the shell starts offline.
 * - A new deploy's worker installs in the background, takes over at once (skipWaiting, clientsClaim) and deletes
 *   the old precache: the next navigation shows the new shell.
 * The manifests (one per language) and icons are static files in frontend/public; the app registers the worker
 * itself after the page has loaded (frontend/src/lib/pwa/register-service-worker.ts), so nothing is injected here.
 */
export function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    filename: 'sw.js',
    injectRegister: false,
    manifest: false,
    workbox: {
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}'],
      // The printable directory's libraries (about 0.5 MB gzip) load on click only: a phone does not download
      // them with every deploy; once used they are kept by the runtime rule below.
      globIgnores: ['**/*.map', 'assets/fontkit-*.js', 'assets/pdf-lib-*.js'],
      // Vite's file names already carry a content hash: no revision query needed.
      dontCacheBustURLsMatching: /^assets\//,
      // Cloudscape's lazily loaded theming runtime is the largest file (~600 KB).
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      cleanupOutdatedCaches: true,
      skipWaiting: true,
      clientsClaim: true,
      inlineWorkboxRuntime: true,
      sourcemap: false,
      runtimeCaching: [
        {
          // Content-hashed files left out of the precache: kept after their first use, never revalidated.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'assets-on-demand', expiration: { maxEntries: 20 } },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
          handler: 'NetworkFirst',
          options: { cacheName: 'runtime-config', networkTimeoutSeconds: 5, expiration: { maxEntries: 1 } },
        },
      ],
    },
  });
}
