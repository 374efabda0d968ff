import * as z from 'zod';
import {
  PurgeReportsResponseSchema,
  RetentionSettingsSchema,
  type PurgeReportsResponse,
  type RetentionSettings,
  type RetentionUpdate,
} from '@shared/contracts/retention-api';
import { apiRequest } from '../../../lib/api/api-client';

const BASE = '/admin/privacy/retention';
const RetentionResponseSchema = z.object({ retention: RetentionSettingsSchema });

/** The retention settings and the purge's reports (docs/privacy.md, "Retention"). */
export const retentionApi = {
  get: (api: string): Promise<RetentionSettings> => apiRequest(api, BASE, RetentionResponseSchema).then((r) => r.retention),
  save: (api: string, update: RetentionUpdate): Promise<RetentionSettings> =>
    apiRequest(api, BASE, RetentionResponseSchema, { method: 'PUT', body: update }).then((r) => r.retention),
  reports: (api: string): Promise<PurgeReportsResponse> => apiRequest(api, `${BASE}/reports`, PurgeReportsResponseSchema),
};
