import { useQueryClient } from '@tanstack/react-query';
import type { CurrentProgressionResponse, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { adminRecordsKey, progressionCurrentKey, progressionRootKey } from '../../../lib/api/admin-query-keys';
import { meKey } from '../../../lib/api/me-queries';
import { progressionApi } from '../../../lib/api/progression-client';
import { directoryKey } from '../../../lib/directory/use-directory';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { useApiQuery } from '../../../lib/query/use-api-query';

/** The progression's server state (docs/frontend.md, "Server state"; docs/progression.md). */
export const progressionKeys = {
  /** Every progression read, the dashboard's card too (lib/api/admin-summary-queries.ts). */
  all: progressionRootKey,
  page: ['progression', 'page'] as const,
  reviews: ['progression', 'review'] as const,
  review: (id: string) => ['progression', 'review', id] as const,
};

/** What the page shows: the latest progression and, while it is open (analysis or review), its workspace. */
export interface ProgressionPage {
  current: CurrentProgressionResponse;
  workspace: ProgressionWorkspace | null;
}

const OPEN = new Set(['analysis', 'review']);
export const isOpen = (phase: string | undefined) => phase !== undefined && OPEN.has(phase);

async function readPage(api: string): Promise<ProgressionPage> {
  const current = await progressionApi.current(api);
  const open = current.progression && isOpen(current.progression.phase) ? current.progression : null;
  return { current, workspace: open ? await progressionApi.workspace(api, open.id) : null };
}

/** GET /api/admin/progression, then the open progression's workspace. */
export function useProgressionPage() {
  return useApiQuery(progressionKeys.page, readPage);
}

/** GET /api/admin/progression/{id}/review, the server's diff, read while the review step is open. */
export function useProgressionReview(id: string | undefined, enabled: boolean) {
  return useApiQuery(progressionKeys.review(id ?? ''), (api) => progressionApi.review(api, id ?? ''), { enabled: enabled && !!id });
}

/** Puts the page's answer in the cache (a write that answers with it, an apply done). */
export function useSetProgressionPage() {
  const client = useQueryClient();
  return (update: (page: ProgressionPage | undefined) => ProgressionPage) =>
    client.setQueryData<ProgressionPage>(progressionKeys.page, (page) => update(page));
}

/**
 * A staging call that answers with the whole workspace (analysis, assignments, departures, parent decisions, new
 * students): the answer replaces the page's workspace (written in the cache by the caller), the review is stale.
 * Calls share one scope, so a second runs after the first and the screen ends on the last answer.
 */
export function useStage() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<ProgressionWorkspace, { id: string; call: (api: string, id: string) => Promise<ProgressionWorkspace> }>({
    mutationFn: ({ id, call }) => call(apiBaseUrl, id),
    scope: { id: 'progression-staging' },
    invalidates: [progressionKeys.reviews, progressionCurrentKey],
  });
}

/** POST /api/admin/progression: a new progression; the page reads it (and its workspace) again. */
export function useStartProgression() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({ mutationFn: () => progressionApi.start(apiBaseUrl), invalidates: [progressionKeys.all] });
}

/** POST /api/admin/progression/{id}/cancel: the answer is the page's new current progression. */
export function useCancelProgression() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({ mutationFn: (id: string) => progressionApi.cancel(apiBaseUrl, id), invalidates: [progressionCurrentKey] });
}

/**
 * The apply, chunk after chunk (`drive`, docs/progression.md): it moves students, closes classes and removes
 * parents, so however it ends (done, failed midway, stopped), the records, the directory and /me are stale.
 */
export function useApplyRun<T>() {
  return useApiMutation<T, () => Promise<T>>({
    mutationFn: (drive) => drive(),
    invalidates: [directoryKey, adminRecordsKey, meKey, progressionKeys.reviews, progressionCurrentKey],
  });
}
