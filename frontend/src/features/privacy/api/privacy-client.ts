import { PrivacyNoticeResponseSchema, type PrivacyNoticeResponse } from '@shared/contracts/privacy-api';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/privacy-notice: public, so no sign-in is needed (docs/privacy.md). */
export function fetchPrivacyNotice(apiBaseUrl: string): Promise<PrivacyNoticeResponse> {
  return apiRequest(apiBaseUrl, '/privacy-notice', PrivacyNoticeResponseSchema, { auth: false });
}
