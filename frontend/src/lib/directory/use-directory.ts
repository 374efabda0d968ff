import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { directoryIndex, type DirectoryIndex } from './directory-index';
import { configureDirectoryStore, directoryKey, directoryStore, REVALIDATE_AFTER_MS, type DirectoryError } from './directory-store';

export { directoryKey };

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
 *
 * When to ask the server is the query cache's decision (docs/frontend.md, "Server state"): the query `directoryKey`
 * is fresh for REVALIDATE_AFTER_MS after an answer, and a write that names it makes the next screen (or this one)
 * ask again. What is shown, and the copies' rules (ETag and 304, one person's copy, the opt-in offline copy and its
 * clearing), stay the directory store's.
 */
export function useDirectory(): DirectoryView {
  const { apiBaseUrl } = useRuntimeConfig();
  const state = useSyncExternalStore(directoryStore.subscribe, directoryStore.getState);
  const { refetch } = useQuery({
    queryKey: directoryKey,
    queryFn: async () => {
      configureDirectoryStore(apiBaseUrl);
      await directoryStore.load(true);
      return directoryStore.getState().data;
    },
    staleTime: REVALIDATE_AFTER_MS,
  });

  const index = useMemo(() => (state.data ? directoryIndex(state.data) : null), [state.data]);
  const retry = useCallback(() => void refetch(), [refetch]);
  const offlineSince = state.source === 'offline' ? state.savedAt : null;
  return { index, loading: state.loading, error: state.error, retry, offlineSince };
}
