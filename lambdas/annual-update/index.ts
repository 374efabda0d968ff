import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as z from 'zod';
import {
  CampaignPathSchema,
  RemindersUpdateRequestSchema,
  ReopenCampaignRequestSchema,
  SendJobPathSchema,
  SendRequestSchema,
  StartCampaignRequestSchema,
} from '@shared/contracts/annual-update-api';
import { IdSchema } from '@shared/schemas/common';
import {
  ProfileUpdateRequestSchema,
  UpdateLoadRequestSchema,
  UpdateSubmitRequestSchema,
} from '@shared/rules/parent-form';
import { StaffLoadRequestSchema, StaffSubmitRequestSchema } from '@shared/rules/staff-form';
import { createHandler, json, parseWith } from '../common/http';
import { isScheduledEvent } from '../common/scheduled';
import { registryAccess } from '../registry/public';
import { closeCampaign, getCurrentCampaign, getParticipants, startCampaign, updateReminders } from './campaign-service';
import { loadByToken, loadProfileForm, submitByToken, submitProfile } from './parent-form-service';
import { scheduledReminders } from './reminder-service';
import { decideReview, listReviews } from './review-service';
import { ReviewDecisionRequestSchema, ReviewPathSchema } from '@shared/rules/annual-update-review';
import { LettersRequestSchema } from '@shared/contracts/annual-update-letters-api';
import { loadStaffByToken, submitStaffByToken } from './staff-form-service';
import { defaultSendDeps } from './send-deps';
import { continueSendJob, sendJobProgress, startSendJob } from './send-job-service';
import { issueLetters } from './letters-service';
import { reopenCampaign } from './reopen-service';

/**
 * The annual parent information update (docs/annual-update.md): the administrator's campaign and send-job
 * routes, the update-link routes (token in the POST body only), and the same form on My Profile.
 * createHandler has already enforced each route's access level (administrator role, verified member, or none).
 */
const ProfileQuerySchema = z.strictObject({ parentId: IdSchema.optional() });

const api = createHandler({
  registry: registryAccess,
  routes: {
    'GET /api/admin/annual-update': async () => ({ body: await getCurrentCampaign() }),

    'POST /api/admin/annual-update/campaigns': async ({ body, caller }) => {
      const request = parseWith(StartCampaignRequestSchema, body);
      const result = await startCampaign(request, caller.sub);
      return { status: result.resumed ? 200 : 201, body: result };
    },

    'GET /api/admin/annual-update/campaigns/{campaignId}/participants': async ({ pathParameters }) => {
      const { campaignId } = parseWith(CampaignPathSchema, pathParameters);
      return { body: await getParticipants(campaignId) };
    },

    'POST /api/admin/annual-update/campaigns/{campaignId}/close': async ({ pathParameters, caller }) => {
      const { campaignId } = parseWith(CampaignPathSchema, pathParameters);
      return { body: await closeCampaign(campaignId, caller.sub) };
    },

    // A closed campaign, active again with a new deadline (docs/annual-update.md, "Campaign lifecycle").
    'POST /api/admin/annual-update/campaigns/{campaignId}/reopen': async ({ pathParameters, body, caller }) => {
      const { campaignId } = parseWith(CampaignPathSchema, pathParameters);
      const request = parseWith(ReopenCampaignRequestSchema, body);
      return { body: await reopenCampaign(campaignId, request, caller.sub) };
    },

    'PUT /api/admin/annual-update/campaigns/{campaignId}/reminders': async ({ pathParameters, body, caller }) => {
      const { campaignId } = parseWith(CampaignPathSchema, pathParameters);
      const request = parseWith(RemindersUpdateRequestSchema, body);
      return { body: await updateReminders(campaignId, request, caller.sub) };
    },

    'POST /api/admin/annual-update/campaigns/{campaignId}/send-jobs': async ({ pathParameters, body, caller }) => {
      const { campaignId } = parseWith(CampaignPathSchema, pathParameters);
      const request = parseWith(SendRequestSchema, body);
      return { status: 201, body: await startSendJob(campaignId, request, caller.sub, { now: () => new Date() }) };
    },

    'GET /api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}': async ({ pathParameters }) => {
      const { campaignId, jobId } = parseWith(SendJobPathSchema, pathParameters);
      return { body: await sendJobProgress(campaignId, jobId) };
    },

    // Sending runs here, never in the browser: each call sends one bounded, throttled chunk and reports progress.
    'POST /api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}/continue': async ({ pathParameters }) => {
      const { campaignId, jobId } = parseWith(SendJobPathSchema, pathParameters);
      return { body: await continueSendJob(campaignId, jobId, defaultSendDeps()) };
    },

    // Paper letters (docs/annual-update.md, "Paper letters"): new short codes for the parents without an email.
    'POST /api/admin/annual-update/campaigns/{campaignId}/letters': async ({ pathParameters, body, caller }) => {
      const { campaignId } = parseWith(CampaignPathSchema, pathParameters);
      const request = parseWith(LettersRequestSchema, body ?? {});
      return { body: await issueLetters(campaignId, caller.sub, request) };
    },

    'GET /api/admin/annual-update/campaigns/{campaignId}/review': async ({ pathParameters }) => {
      const { campaignId } = parseWith(CampaignPathSchema, pathParameters);
      return { body: await listReviews(campaignId) };
    },

    'POST /api/admin/annual-update/campaigns/{campaignId}/review/{parentId}': async ({ pathParameters, body, caller }) => {
      const { campaignId, parentId } = parseWith(ReviewPathSchema, pathParameters);
      const decision = parseWith(ReviewDecisionRequestSchema, body);
      return { body: await decideReview(campaignId, parentId, decision, caller.sub) };
    },

    // Opening a link reads only: mail scanners open every link they see.
    // A code-shaped token was counted by createHandler (lambdas/common/code-attempts.ts), as on every token route.
    'POST /api/update/load': async ({ body }) => {
      const { token } = parseWith(UpdateLoadRequestSchema, body);
      return { body: await loadByToken(token) };
    },

    'POST /api/update/submit': async ({ body }) => {
      const { token, data } = parseWith(UpdateSubmitRequestSchema, body);
      return { body: await submitByToken(token, data) };
    },

    // A staff member's link (docs/annual-update.md, "Staff"): the same token rules, the staff form.
    'POST /api/update/staff/load': async ({ body }) => {
      const { token } = parseWith(StaffLoadRequestSchema, body);
      return { body: await loadStaffByToken(token) };
    },

    'POST /api/update/staff/submit': async ({ body }) => {
      const { token, data } = parseWith(StaffSubmitRequestSchema, body);
      return { body: await submitStaffByToken(token, data) };
    },

    'GET /api/profile/form': async ({ query, people }) => {
      const { parentId } = parseWith(ProfileQuerySchema, query);
      return { body: await loadProfileForm(people, parentId) };
    },

    'PUT /api/profile': async ({ body, people, caller }) => {
      const { parentId, data } = parseWith(ProfileUpdateRequestSchema, body);
      return { body: { form: await submitProfile(people, parentId, data, caller.sub) } };
    },
  },
});

/**
 * The function also sends the automatic reminders (docs/annual-update.md, "Automatic reminders"): EventBridge
 * invokes it on a schedule with an event that never reaches the API routes; everything else is an API request.
 */
export async function handler(event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> {
  if (isScheduledEvent(event)) return json(200, await scheduledReminders(context));
  return api(event);
}
