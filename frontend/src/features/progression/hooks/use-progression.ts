import { useCallback, useEffect, useRef, useState } from 'react';
import type { CurrentProgressionResponse, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { progressionApi } from '../../../lib/api/progression-client';

const OPEN = new Set(['analysis', 'review']);

export interface ProgressionState {
  loading: boolean;
  /** The first load failed (the page shows it with a retry). */
  loadError: unknown;
  current: CurrentProgressionResponse | null;
  /** The staging workspace while the progression is open (analysis or review). */
  workspace: ProgressionWorkspace | null;
  reload: () => Promise<void>;
  /**
   * Runs a staging call that answers with the whole workspace, one at a time (a second waits for the first, so
   * the screen always ends on the last answer); resolves to the error, if any, for the caller to show.
   */
  save: (call: (api: string, id: string) => Promise<ProgressionWorkspace>) => Promise<unknown>;
  saving: boolean;
  setCurrent: (current: CurrentProgressionResponse) => void;
}

/** The page's data: the latest progression and, while it is open, its workspace as the server holds it. */
export function useProgression(): ProgressionState {
  const { apiBaseUrl } = useRuntimeConfig();
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [current, setCurrent] = useState<CurrentProgressionResponse | null>(null);
  const [workspace, setWorkspace] = useState<ProgressionWorkspace | null>(null);
  const [pending, setPending] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const adopt = useCallback((next: ProgressionWorkspace) => {
    setWorkspace(next);
    setCurrent((previous) => ({ schoolYear: previous?.schoolYear ?? next.progression.fromYear, progression: next.progression }));
  }, []);

  const reload = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      const latest = await progressionApi.current(apiBaseUrl);
      const open = latest.progression && OPEN.has(latest.progression.phase) ? latest.progression : null;
      const ws = open ? await progressionApi.workspace(apiBaseUrl, open.id) : null;
      if (!mounted.current) return;
      setCurrent(latest);
      setWorkspace(ws);
    } catch (error) {
      if (mounted.current) setLoadError(error);
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, [apiBaseUrl]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const progressionId = workspace?.progression.id ?? current?.progression?.id;
  const save = useCallback(
    (call: (api: string, id: string) => Promise<ProgressionWorkspace>) => {
      if (!progressionId) return Promise.resolve(new Error('no progression'));
      setPending((n) => n + 1);
      const run = queue.current.then(async () => {
        try {
          const next = await call(apiBaseUrl, progressionId);
          if (mounted.current) adopt(next);
          return undefined;
        } catch (error) {
          return error;
        } finally {
          if (mounted.current) setPending((n) => n - 1);
        }
      });
      queue.current = run;
      return run;
    },
    [adopt, apiBaseUrl, progressionId],
  );

  const replaceCurrent = useCallback((next: CurrentProgressionResponse) => {
    setCurrent(next);
    if (!next.progression || !OPEN.has(next.progression.phase)) setWorkspace(null);
  }, []);

  return { loading, loadError, current, workspace, reload, save, saving: pending > 0, setCurrent: replaceCurrent };
}
