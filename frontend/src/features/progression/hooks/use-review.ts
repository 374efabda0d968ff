import type { ProgressionReview, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { useProgressionReview } from '../api/progression-queries';

export interface ReviewState {
  review: ProgressionReview | null;
  loading: boolean;
  error: unknown;
  load: () => Promise<unknown>;
}

/**
 * The review is the server's diff (the query `progressionKeys.review`): read when the step opens (`open`), and
 * again after every staging change, which makes it stale; while a change is being saved, it waits for it.
 */
export function useReview(workspace: ProgressionWorkspace | null, open: boolean, saving: boolean): ReviewState {
  const query = useProgressionReview(workspace?.progression.id, open && !saving);
  return { review: query.data ?? null, loading: query.isFetching, error: query.error, load: query.refetch };
}
