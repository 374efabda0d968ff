import { useApiQuery } from '../query/use-api-query';
import { campaignKeys, committeeSignUpsKey, privacyRequestsKey, progressionCurrentKey } from './admin-query-keys';
import { annualUpdateApi } from './annual-update-client';
import { committeeSignUpsApi } from './committee-sign-ups-client';
import { privacyRequestsApi } from './privacy-requests-client';
import { progressionApi } from './progression-client';

/**
 * The reads the administrators' dashboard shares with the workflows' own screens (docs/frontend.md, "Server
 * state"): each key sits under the prefix its workflow's writes make stale, so a card shows what was just done.
 */

/** GET /api/admin/annual-update: the current campaign and its counts. */
export const useCurrentCampaign = () => useApiQuery(campaignKeys.current, annualUpdateApi.current);

/** GET /api/admin/progression: the latest progression and its phase. */
export const useCurrentProgression = () => useApiQuery(progressionCurrentKey, progressionApi.current);

/** GET /api/admin/privacy/requests: the queue. */
export const usePrivacyRequests = () => useApiQuery(privacyRequestsKey, privacyRequestsApi.list);

/** GET /api/admin/committees/sign-ups: the parents who took a seat lately. */
export const useCommitteeSignUps = () => useApiQuery(committeeSignUpsKey, committeeSignUpsApi.recent);

/** GET …/campaigns/{id}/review: the answers held for review, read while the campaign reviews before publishing. */
export function useCampaignReview(campaignId: string | null) {
  return useApiQuery(campaignKeys.review(campaignId ?? ''), (api) => annualUpdateApi.reviews(api, campaignId ?? ''), {
    enabled: !!campaignId,
  });
}
