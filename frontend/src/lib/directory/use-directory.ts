import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { directoryIndex, type DirectoryIndex } from './directory-index';
import { configureDirectoryStore, directoryStore, type DirectoryError } from './directory-store';

export interface DirectoryView {
  /** The directory and its derived indexes; null until a first copy (kept or fetched) is there. */
  index: DirectoryIndex | null;
  loading: boolean;
  error: DirectoryError | null;
  /** Asks the server again now (the Retry button). */
  retry: () => void;
  /**
   * When the screens show the opt-in offline copy (network down): the time the server sent it (epoch ms). The
   * directory is then read-only: screens disable every action that would write (docs/frontend.md).
   */
  offlineSince: number | null;
}

/**
 * The directory for a screen: shows the kept copy at once and refreshes it in the background when the screen
 * opens. The derived indexes are built once per copy and shared by every screen.
 */
export function useDirectory(): DirectoryView {
  const { apiBaseUrl } = useRuntimeConfig();
  const state = useSyncExternalStore(directoryStore.subscribe, directoryStore.getState);

  useEffect(() => {
    configureDirectoryStore(apiBaseUrl);
    void directoryStore.load();
  }, [apiBaseUrl]);

  const index = useMemo(() => (state.data ? directoryIndex(state.data) : null), [state.data]);
  const retry = useCallback(() => void directoryStore.load(true), []);
  const offlineSince = state.source === 'offline' ? state.savedAt : null;
  return { index, loading: state.loading, error: state.error, retry, offlineSince };
}
