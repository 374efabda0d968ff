import { useCallback, useSyncExternalStore } from 'react';
import {
  installOfferKind,
  installOfferVersion,
  offerAnswered,
  promptInstall,
  rememberAnswer,
  subscribeInstallOffer,
  type InstallOfferKind,
} from './install-prompt';

export interface InstallOffer {
  /** How this device installs the app now (browser prompt, iPhone steps), or null when it cannot or already did. */
  kind: InstallOfferKind | null;
  /** The person said "not now" or installed: the shell's offer stays away (the help page still offers it). */
  answered: boolean;
  install: () => Promise<void>;
  dismiss: () => void;
}

/** The install offer's state, following the browser's prompt event and the person's answer (install-prompt.ts). */
export function useInstallOffer(): InstallOffer {
  useSyncExternalStore(subscribeInstallOffer, installOfferVersion);
  const install = useCallback(async () => {
    await promptInstall();
  }, []);
  const dismiss = useCallback(() => rememberAnswer('dismissed'), []);
  return { kind: installOfferKind(), answered: offerAnswered(), install, dismiss };
}
