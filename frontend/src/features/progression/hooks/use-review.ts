import { useCallback, useEffect, useState } from 'react';
import type { ProgressionReview, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { progressionApi } from '../../../lib/api/progression-client';

export interface ReviewState {
  review: ProgressionReview | null;
  loading: boolean;
  error: unknown;
  load: () => Promise<void>;
}

/**
 * The review is the server's diff: fetched when the step opens (`open`) and after every change made meanwhile
 * (when `saving` falls back to false).
 */
export function useReview(workspace: ProgressionWorkspace | null, open: boolean, saving: boolean): ReviewState {
  const { apiBaseUrl } = useRuntimeConfig();
  const [review, setReview] = useState<ProgressionReview | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(async () => {
    if (!workspace) return;
    setLoading(true);
    setError(null);
    try {
      setReview(await progressionApi.review(apiBaseUrl, workspace.progression.id));
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
    }
  }, [apiBaseUrl, workspace]);

  useEffect(() => {
    if (open && !saving) void load();
  }, [open, saving, load]);

  return { review, loading, error, load };
}
