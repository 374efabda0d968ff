/**
 * Registers the service worker the build writes (frontend/build/pwa.ts): the app shell from the device on repeat
 * visits and offline. Loaded with a dynamic import once the page has loaded, its first screen is shown and the
 * browser is idle (main.tsx), so the first page neither carries nor waits for it, and its install (every file of
 * the app) does not compete with the first screen's downloads and scripts. Only in a production build: the dev
 * server has no sw.js, and a worker there would serve stale modules.
 *
 * No update prompt: the worker of a new deploy takes over as soon as it is installed (skipWaiting, clientsClaim)
 * and the next navigation loads the new shell; a page already open keeps running and fetches any lazy chunk it
 * still needs from the network (CloudFront keeps old hashed files; lazy-with-reload.ts reloads if one is gone).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    // updateViaCache 'none': the browser always asks the server for sw.js (also served with no-cache).
    await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    // Private modes and some managed browsers refuse workers: the app works the same, online only.
    console.warn('Service worker not registered', (error as Error).name);
  }
}
