import type { z } from 'zod';
import {
  CampaignViewSchema,
  CurrentCampaignResponseSchema,
  ParticipantsResponseSchema,
  SendJobProgressSchema,
  StartCampaignResponseSchema,
  type CampaignView,
  type CurrentCampaignResponse,
  type ParticipantsResponse,
  type SendJobProgress,
  type SendRequest,
  type StartCampaignRequest,
  type StartCampaignResponse,
} from '../../../../shared/annual-update-api';
import { ApiCallError, authorizedFetch } from './me-client';

/** The administrator's annual-update routes, through the auth feature's `authorizedFetch` (ID token). */
async function call<T>(apiBaseUrl: string, path: string, schema: z.ZodType<T>, method = 'GET', body?: unknown): Promise<T> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await authorizedFetch(apiBaseUrl, path, init);
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiCallError(response.status, (json as { error?: { code?: string } } | undefined)?.error?.code);
  }
  return schema.parse(json);
}

const BASE = '/admin/annual-update';
const campaignPath = (campaignId: string) => `${BASE}/campaigns/${encodeURIComponent(campaignId)}`;

export const annualUpdateApi = {
  current: (api: string): Promise<CurrentCampaignResponse> => call(api, BASE, CurrentCampaignResponseSchema),
  start: (api: string, request: StartCampaignRequest): Promise<StartCampaignResponse> =>
    call(api, `${BASE}/campaigns`, StartCampaignResponseSchema, 'POST', request),
  participants: (api: string, campaignId: string): Promise<ParticipantsResponse> =>
    call(api, `${campaignPath(campaignId)}/participants`, ParticipantsResponseSchema),
  send: (api: string, campaignId: string, request: SendRequest): Promise<SendJobProgress> =>
    call(api, `${campaignPath(campaignId)}/send-jobs`, SendJobProgressSchema, 'POST', request),
  continueJob: (api: string, campaignId: string, jobId: string): Promise<SendJobProgress> =>
    call(api, `${campaignPath(campaignId)}/send-jobs/${encodeURIComponent(jobId)}/continue`, SendJobProgressSchema, 'POST'),
  close: (api: string, campaignId: string): Promise<CampaignView> =>
    call(api, `${campaignPath(campaignId)}/close`, CampaignViewSchema, 'POST'),
};

export { ApiCallError };
