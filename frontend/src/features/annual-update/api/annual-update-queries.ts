import { useQueryClient } from '@tanstack/react-query';
import type { RemindersUpdateRequest, ReopenCampaignRequest, StartCampaignRequest } from '@shared/contracts/annual-update-api';
import type { LettersRequest } from '@shared/contracts/annual-update-letters-api';
import type { ReviewDecisionRequest } from '@shared/rules/annual-update-review';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { adminRecordsKey, campaignKeys } from '../../../lib/api/admin-query-keys';
import { annualUpdateApi } from '../../../lib/api/annual-update-client';
import { meKey } from '../../../lib/api/me-queries';
import { directoryKey } from '../../../lib/directory/use-directory';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { useApiQuery } from '../../../lib/query/use-api-query';

export { useCurrentCampaign } from '../../../lib/api/admin-summary-queries';

/**
 * The annual campaign's server state (docs/frontend.md, "Server state"; docs/annual-update.md). Every read sits under
 * `campaignKeys.all`, which the dashboard's campaign card shares (`campaignKeys.current`), so each write of the
 * campaign names that prefix: the card, the page, its participants and the review queue show what was just done.
 */
export const annualUpdateKeys = {
  ...campaignKeys,
  participants: (campaignId: string) => ['annual-update', 'participants', campaignId] as const,
};

/** What a campaign's own writes change: its reads only (close, reopen, reminders, letters, sending). */
const CAMPAIGN_CHANGED = [campaignKeys.all] as const;

/** GET …/participants: the campaign (as it is now) and one row per parent and staff member invited. */
const participantsQuery = (apiBaseUrl: string, campaignId: string) => ({
  queryKey: annualUpdateKeys.participants(campaignId),
  queryFn: () => annualUpdateApi.participants(apiBaseUrl, campaignId),
});

export function useCampaignParticipants(campaignId: string | undefined) {
  return useApiQuery(annualUpdateKeys.participants(campaignId ?? ''), (api) => annualUpdateApi.participants(api, campaignId ?? ''), {
    enabled: !!campaignId,
  });
}

/** Reads a campaign's participants into the cache now (the start dialog's second step); throws when it fails. */
export function useFetchParticipants() {
  const client = useQueryClient();
  const { apiBaseUrl } = useRuntimeConfig();
  return (campaignId: string) => client.fetchQuery(participantsQuery(apiBaseUrl, campaignId));
}


/**
 * POST …/campaigns: a start opens and closes committees to sign-ups (docs/annual-update.md), which the records and
 * the directory show, besides the campaign itself.
 */
export function useStartCampaign() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({
    mutationFn: (request: StartCampaignRequest) => annualUpdateApi.start(apiBaseUrl, request),
    invalidates: [campaignKeys.all, adminRecordsKey, directoryKey],
  });
}

export function useCloseCampaign() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({ mutationFn: (campaignId: string) => annualUpdateApi.close(apiBaseUrl, campaignId), invalidates: CAMPAIGN_CHANGED });
}

export function useReopenCampaign() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({
    mutationFn: ({ campaignId, request }: { campaignId: string; request: ReopenCampaignRequest }) => annualUpdateApi.reopen(apiBaseUrl, campaignId, request),
    invalidates: CAMPAIGN_CHANGED,
  });
}

export function useSaveReminders() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({
    mutationFn: ({ campaignId, request }: { campaignId: string; request: RemindersUpdateRequest }) =>
      annualUpdateApi.reminders(apiBaseUrl, campaignId, request),
    invalidates: CAMPAIGN_CHANGED,
  });
}

/** POST …/letters: new short codes (the earlier ones stop working); the participants show who got a letter. */
export function useLetterCodes() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({
    mutationFn: ({ campaignId, request }: { campaignId: string; request: LettersRequest }) => annualUpdateApi.letters(apiBaseUrl, campaignId, request),
    invalidates: CAMPAIGN_CHANGED,
  });
}

/**
 * A send job, first request to last `continue` (`drive`, hooks/use-send-job.ts): however it ends (done, failed
 * midway, the page left), the participants' statuses and the campaign's counts are stale.
 */
export function useSendRun<T>() {
  return useApiMutation<T, () => Promise<T>>({ mutationFn: (drive) => drive(), invalidates: CAMPAIGN_CHANGED });
}

/**
 * POST …/review/{parentId}: an accepted change is published on the parent's record, which the directory, the
 * records and /me (an administrator may be that parent) show; the queue and its count change either way.
 */
export function useDecideReview() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({
    mutationFn: ({ campaignId, parentId, request }: { campaignId: string; parentId: string; request: ReviewDecisionRequest }) =>
      annualUpdateApi.decide(apiBaseUrl, campaignId, parentId, request),
    invalidates: [campaignKeys.all, directoryKey, adminRecordsKey, meKey],
  });
}
