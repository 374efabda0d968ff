import { fetchPrivacyNotice } from './privacy-client';
import { useApiQuery } from '../../../lib/query/use-api-query';

/** The privacy policy (docs/privacy.md), both languages in one answer, as server state. */
export const privacyNoticeKey = ['privacy-notice'] as const;

/** GET /api/privacy-notice (public). */
export function usePrivacyNotice() {
  return useApiQuery(privacyNoticeKey, fetchPrivacyNotice);
}
