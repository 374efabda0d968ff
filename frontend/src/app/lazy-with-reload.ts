/**
 * docs/product-rules.md: if a lazily loaded page fails to load, reload once; a local flag marks that reload and is cleared after
 * the next successful navigation; if the reload does not help, only log. The usual cause is a deployment that
 * replaced the hashed chunk files while this tab still ran the previous build.
 */
export const LAZY_RELOAD_FLAG = 'lazy-reload-attempted';

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Reloads the page, landing on the page whose chunk failed. */
  reload: () => void;
  /** Whether the device has a network: offline, a reload would trade the app for the browser's own error page. */
  online: () => boolean;
}

let pendingPath: string | undefined;
let failedSinceLastNavigation = false;

/**
 * The router reports where the current navigation is heading. A lazy page loads before the URL changes, so a
 * plain reload would land on the previous page and the failing one would never get its second chance.
 */
export function notePendingNavigation(path: string | undefined): void {
  pendingPath = path;
}

const browserEnvironment = (): ReloadEnvironment => ({
  storage: window.localStorage,
  reload: () => (pendingPath ? window.location.assign(pendingPath) : window.location.reload()),
  online: () => navigator.onLine,
});

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/**
 * Loads a page module. First failure: set the flag and reload (the promise never settles, the page is going away).
 * Failure with the flag already set: log, and resolve to `fallback` (an error page), because react-router renders
 * nothing at all for a route whose `lazy` rejected.
 */
export async function importWithReload<T>(
  load: () => Promise<T>,
  fallback: T,
  env: ReloadEnvironment = browserEnvironment(),
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    // Offline: the page stays in the app and says it needs a connection (a trial's reload left Chromium's « no
    // internet » page in place of the app); it reloads by itself once the network is back (PageLoadError).
    if (!env.online()) {
      failedSinceLastNavigation = true;
      return fallback;
    }
    const alreadyReloaded = safely(() => env.storage.getItem(LAZY_RELOAD_FLAG) !== null, true);
    if (!alreadyReloaded) {
      const marked = safely(() => {
        env.storage.setItem(LAZY_RELOAD_FLAG, new Date().toISOString());
        return true;
      }, false);
      // Without a stored mark a reload could loop forever: reload only when the mark is in place.
      if (marked) {
        env.reload();
        return new Promise<T>(() => {});
      }
    }
    console.error('A page failed to load even after a reload', error);
    failedSinceLastNavigation = true;
    return fallback;
  }
}

/**
 * Called by the router whenever a navigation settles without a route error. A navigation that ended on the
 * fallback error page does not count as successful: the flag stays.
 */
export function navigationSettled(storage: Pick<Storage, 'removeItem'> = window.localStorage): void {
  if (failedSinceLastNavigation) {
    failedSinceLastNavigation = false;
    return;
  }
  safely(() => storage.removeItem(LAZY_RELOAD_FLAG), undefined);
}
