import {
  CampaignViewSchema,
  CurrentCampaignResponseSchema,
  ParticipantsResponseSchema,
  SendJobProgressSchema,
  StartCampaignResponseSchema,
  type CampaignView,
  type CurrentCampaignResponse,
  type ParticipantsResponse,
  type RemindersUpdateRequest,
  type ReopenCampaignRequest,
  type SendJobProgress,
  type SendRequest,
  type StartCampaignRequest,
  type StartCampaignResponse,
} from '@shared/contracts/annual-update-api';
import { LettersResponseSchema, type LettersRequest, type LettersResponse } from '@shared/contracts/annual-update-letters-api';
import {
  ReviewDecisionResponseSchema,
  ReviewListResponseSchema,
  type ReviewDecisionRequest,
  type ReviewDecisionResponse,
  type ReviewListResponse,
} from '@shared/rules/annual-update-review';
import { apiRequest } from './api-client';

/** The administrator's annual-update routes (docs/annual-update.md), through the API client (ID token). */
const BASE = '/admin/annual-update';
const campaignPath = (campaignId: string) => `${BASE}/campaigns/${encodeURIComponent(campaignId)}`;

export const annualUpdateApi = {
  current: (api: string): Promise<CurrentCampaignResponse> => apiRequest(api, BASE, CurrentCampaignResponseSchema),
  start: (api: string, request: StartCampaignRequest): Promise<StartCampaignResponse> =>
    apiRequest(api, `${BASE}/campaigns`, StartCampaignResponseSchema, { method: 'POST', body: request }),
  participants: (api: string, campaignId: string): Promise<ParticipantsResponse> =>
    apiRequest(api, `${campaignPath(campaignId)}/participants`, ParticipantsResponseSchema),
  send: (api: string, campaignId: string, request: SendRequest): Promise<SendJobProgress> =>
    apiRequest(api, `${campaignPath(campaignId)}/send-jobs`, SendJobProgressSchema, { method: 'POST', body: request }),
  continueJob: (api: string, campaignId: string, jobId: string): Promise<SendJobProgress> =>
    apiRequest(api, `${campaignPath(campaignId)}/send-jobs/${encodeURIComponent(jobId)}/continue`, SendJobProgressSchema, {
      method: 'POST',
    }),
  reminders: (api: string, campaignId: string, request: RemindersUpdateRequest): Promise<CampaignView> =>
    apiRequest(api, `${campaignPath(campaignId)}/reminders`, CampaignViewSchema, { method: 'PUT', body: request }),
  close: (api: string, campaignId: string): Promise<CampaignView> =>
    apiRequest(api, `${campaignPath(campaignId)}/close`, CampaignViewSchema, { method: 'POST' }),
  /** A closed campaign, active again with a new deadline (docs/annual-update.md, "Campaign lifecycle"). */
  reopen: (api: string, campaignId: string, request: ReopenCampaignRequest): Promise<CampaignView> =>
    apiRequest(api, `${campaignPath(campaignId)}/reopen`, CampaignViewSchema, { method: 'POST', body: request }),
  /** New short codes for the paper letters: every family's, or the chosen families' (their previous codes stop working). */
  letters: (api: string, campaignId: string, request: LettersRequest = {}): Promise<LettersResponse> =>
    apiRequest(api, `${campaignPath(campaignId)}/letters`, LettersResponseSchema, { method: 'POST', body: request }),
  /** Review before publishing (shared/rules/annual-update-review.ts). */
  reviews: (api: string, campaignId: string): Promise<ReviewListResponse> =>
    apiRequest(api, `${campaignPath(campaignId)}/review`, ReviewListResponseSchema),
  decide: (api: string, campaignId: string, parentId: string, request: ReviewDecisionRequest): Promise<ReviewDecisionResponse> =>
    apiRequest(api, `${campaignPath(campaignId)}/review/${encodeURIComponent(parentId)}`, ReviewDecisionResponseSchema, {
      method: 'POST',
      body: request,
    }),
};
