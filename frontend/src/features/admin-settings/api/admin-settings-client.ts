import * as z from 'zod';
import {
  HandoverResponseSchema,
  RolesResponseSchema,
  type EndRoleRequest,
  type HandoverRequest,
  type HandoverResponse,
  type RolesResponse,
} from '@shared/contracts/admin-roles-api';
import { SettingsResponseSchema, type SettingsResponse, type SettingsUpdate } from '@shared/contracts/school-settings-api';
import { apiRequest } from '../../../lib/api/api-client';

/** The school settings and the administrator roles (docs/data-onboarding.md, docs/operations.md). */
export const adminSettingsApi = {
  settings: (api: string): Promise<SettingsResponse> => apiRequest(api, '/admin/settings', SettingsResponseSchema),
  saveSettings: (api: string, update: SettingsUpdate): Promise<SettingsResponse> =>
    apiRequest(api, '/admin/settings', SettingsResponseSchema, { method: 'PUT', body: update }),
  roles: (api: string): Promise<RolesResponse> => apiRequest(api, '/admin/roles', RolesResponseSchema),
  handOver: (api: string, request: HandoverRequest): Promise<HandoverResponse> =>
    apiRequest(api, '/admin/roles/handover', HandoverResponseSchema, { method: 'POST', body: request }),
  endRole: (api: string, request: EndRoleRequest): Promise<{ ended: number }> =>
    apiRequest(api, '/admin/roles/end', z.object({ ended: z.number() }), { method: 'POST', body: request }),
};
