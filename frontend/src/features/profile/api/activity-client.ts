import { MyActivityResponseSchema, type ActivityEntry } from '@shared/contracts/privacy-activity-api';
import { apiRequest } from '../../../lib/api/api-client';

/** What administrators did with the caller's parent record (docs/privacy.md, "Transparency for parents"). */
export const loadMyActivity = (apiBaseUrl: string): Promise<ActivityEntry[]> =>
  apiRequest(apiBaseUrl, '/me/activity', MyActivityResponseSchema).then((r) => r.entries);
