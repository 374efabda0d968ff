/**
 * The offer to install the app (docs/frontend.md, "Offering to install"). Chromium (Android, desktop Chrome and
 * Edge) announces that the page can be installed with a `beforeinstallprompt` event, usually soon after the load:
 * `listenForInstallPrompt` runs from main.tsx so the event is never missed, keeps it, and the offer calls its
 * `prompt()` when the person taps "Install". Safari on an iPhone has no such event: the offer there shows the
 * Share -> Add to Home Screen steps. The person's answer (installed, or "not now") is remembered on the device, so
 * the offer is made once. Tiny and free of React: it is part of the first page.
 */

/** Chromium's install prompt event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** localStorage: 'installed' or 'dismissed' once the person answered the offer on this device. */
export const INSTALL_OFFER_KEY = 'install-offer';

export type InstallOfferKind = 'prompt' | 'iphone';

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether the person already answered the offer on this device (installed, or said not now). */
export function offerAnswered(): boolean {
  return storage()?.getItem(INSTALL_OFFER_KEY) != null;
}

export function rememberAnswer(answer: 'installed' | 'dismissed'): void {
  try {
    storage()?.setItem(INSTALL_OFFER_KEY, answer);
  } catch {
    // A full or refused storage: the offer comes back next visit, nothing worse.
  }
  changed();
}

/** Keeps the browser's install prompt for the offer, and forgets it once the app is installed. Call once, early. */
export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Chromium on Android would otherwise show its own mini-bar at a moment of its choosing.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    rememberAnswer('installed');
  });
}

/** An iPhone's (or iPod's) browser: every browser there installs through Safari's Share menu. */
export function isIphone(userAgent: string = navigator.userAgent): boolean {
  return /\b(iPhone|iPod)\b/.test(userAgent);
}

/** Already running as the installed app (nothing to offer). */
export function runsInstalled(): boolean {
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** How this device can install the app now, or null: the browser's prompt, the iPhone's steps, or nothing. */
export function installOfferKind(): InstallOfferKind | null {
  if (runsInstalled()) return null;
  if (deferred) return 'prompt';
  return isIphone() ? 'iphone' : null;
}

/**
 * Shows the browser's install dialog (the event allows it once). Either answer is remembered: declining in the
 * browser's own dialog is a "not now" too, so the offer does not come back.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  changed();
  await event.prompt();
  const { outcome } = await event.userChoice;
  rememberAnswer(outcome === 'accepted' ? 'installed' : 'dismissed');
  return outcome;
}

/** For useSyncExternalStore: a number that changes whenever the offer may have changed. */
export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const installOfferVersion = (): number => version;
