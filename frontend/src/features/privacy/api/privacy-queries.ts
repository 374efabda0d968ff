import { useQuery } from '@tanstack/react-query';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { fetchPrivacyNotice } from './privacy-client';

/** The privacy policy (docs/privacy.md), both languages in one answer, as server state. */
export const privacyNoticeKey = ['privacy-notice'] as const;

/** GET /api/privacy-notice (public). */
export function usePrivacyNotice() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useQuery({ queryKey: privacyNoticeKey, queryFn: () => fetchPrivacyNotice(apiBaseUrl) });
}
