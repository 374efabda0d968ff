import {
  StaffFormSchema,
  StaffSubmitResponseSchema,
  type StaffForm,
  type StaffSubmitResponse,
  type StaffUpdateInput,
} from '@shared/rules/staff-form';
import { apiRequest } from '../../../lib/api/api-client';

/** The two calls of a staff member's update link (docs/annual-update.md, "Staff"); the token in the body only. */
export async function loadStaffForm(apiBaseUrl: string, token: string): Promise<StaffForm> {
  return apiRequest(apiBaseUrl, '/update/staff/load', StaffFormSchema, { method: 'POST', body: { token }, auth: false });
}

export async function submitStaffForm(apiBaseUrl: string, token: string, data: StaffUpdateInput): Promise<StaffSubmitResponse> {
  return apiRequest(apiBaseUrl, '/update/staff/submit', StaffSubmitResponseSchema, {
    method: 'POST',
    body: { token, data },
    auth: false,
  });
}
