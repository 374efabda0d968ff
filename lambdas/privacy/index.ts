import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { getSettings } from '../directory/public';
import { createHandler } from '../common/http';
import { registryAccess } from '../registry/public';
import { buildPrivacyNotice } from './notice-text';
import { consentRoutes } from './consent-handlers';
import { privacyRequestRoutes } from './request-handlers';
import { defaultRequestDeps } from './request-service';
import { incidentHandlers } from './incidents/incident-handlers';
import { myActivity } from './activity/activity-service';
import { myDataRoutes } from './my-data/my-data-handlers';
import { retentionRoutes } from './retention/retention-handlers';
import { isScheduledEvent } from '../common/scheduled';
import { scheduledPurge } from './retention/scheduled-purge';

/**
 * Privacy (docs/privacy.md): the public privacy policy, generated from the school's settings, privacy requests,
 * the administrators' confidentiality-incident register and the retention settings.
 */
const api = createHandler({
  registry: registryAccess,
  routes: {
    'GET /api/privacy-notice': async () => {
      const settings = await getSettings();
      return {
        body: buildPrivacyNotice({
          schoolName: settings?.schoolName ?? '',
          contactEmail: settings?.contact.email,
          contactPhone: settings?.contact.phone,
          settingsVersion: settings?.version ?? 0,
          region: process.env.AWS_REGION ?? 'ca-central-1',
        }),
        etag: true,
      };
    },
    // Privacy requests and their queue (docs/privacy.md, "Privacy requests").
    ...privacyRequestRoutes(defaultRequestDeps),
    // Every change of participation or audiences (docs/privacy.md, "Consent log").
    ...consentRoutes,
    // The confidentiality-incident register (administrators).
    ...incidentHandlers,
    // Retention periods and the purge's reports (docs/privacy.md, "Retention").
    ...retentionRoutes,
    // A parent's own record in the audit: when and in which role others changed or exported it.
    'GET /api/me/activity': async ({ people, caller }) => ({ body: { entries: await myActivity(people, caller) } }),
    // Everything held about the caller's parent records (Law 25 s. 27), audited.
    ...myDataRoutes,
  },
});

/**
 * The function also runs the daily purge (docs/operations.md, "Scheduled jobs"): EventBridge invokes it with a
 * scheduled event, which never reaches the API routes; everything else is an API Gateway request.
 */
export async function handler(event: APIGatewayProxyEvent, context?: Context): Promise<APIGatewayProxyResult> {
  if (isScheduledEvent(event)) return scheduledPurge(context);
  return api(event);
}
