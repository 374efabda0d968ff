import { useCallback } from 'react';
import type { CurrentProgressionResponse, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { isOpen, useProgressionPage, useSetProgressionPage, useStage } from '../api/progression-queries';

export interface ProgressionState {
  loading: boolean;
  /** The page's read failed (the page shows it with a retry). */
  loadError: unknown;
  current: CurrentProgressionResponse | null;
  /** The staging workspace while the progression is open (analysis or review). */
  workspace: ProgressionWorkspace | null;
  reload: () => Promise<unknown>;
  /**
   * Runs a staging call that answers with the whole workspace, one at a time (a second waits for the first, so
   * the screen always ends on the last answer); resolves to the error, if any, for the caller to show.
   */
  save: (call: (api: string, id: string) => Promise<ProgressionWorkspace>) => Promise<unknown>;
  saving: boolean;
  setCurrent: (current: CurrentProgressionResponse) => void;
}

/**
 * The page's data: the latest progression and, while it is open, its workspace as the server holds it (the query
 * `progressionKeys.page`; a staging call's answer, a cancel's or an apply's end are written into it).
 */
export function useProgression(): ProgressionState {
  const page = useProgressionPage();
  const setPage = useSetProgressionPage();
  const stage = useStage();
  const current = page.data?.current ?? null;
  const workspace = page.data?.workspace ?? null;

  const progressionId = workspace?.progression.id ?? current?.progression?.id;
  const { mutateAsync } = stage;
  const save = useCallback(
    async (call: (api: string, id: string) => Promise<ProgressionWorkspace>) => {
      if (!progressionId) return new Error('no progression');
      try {
        const next = await mutateAsync({ id: progressionId, call });
        setPage((previous) => ({
          current: { schoolYear: previous?.current.schoolYear ?? next.progression.fromYear, progression: next.progression },
          workspace: next,
        }));
        return undefined;
      } catch (error) {
        return error;
      }
    },
    [mutateAsync, progressionId, setPage],
  );

  const setCurrent = useCallback(
    (next: CurrentProgressionResponse) =>
      setPage((previous) => ({ current: next, workspace: next.progression && isOpen(next.progression.phase) ? (previous?.workspace ?? null) : null })),
    [setPage],
  );

  return {
    loading: page.isFetching,
    loadError: page.error,
    current,
    workspace,
    reload: page.refetch,
    save,
    saving: stage.isPending,
    setCurrent,
  };
}
