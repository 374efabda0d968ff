import { useQuery } from '@tanstack/react-query';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { adminDataApi } from './admin-data-client';

/** The data editor's server state (docs/frontend.md, "Server state"). */
export const adminDataKeys = {
  all: ['admin-data'] as const,
  consentLog: (parentId: string) => ['admin-data', 'consent-log', parentId] as const,
};

/** GET /api/admin/parents/{id}/consent-log: one parent's consent log, newest first. */
export function useParentConsentLog(parentId: string) {
  const { apiBaseUrl } = useRuntimeConfig();
  return useQuery({ queryKey: adminDataKeys.consentLog(parentId), queryFn: () => adminDataApi.consentLog(apiBaseUrl, parentId) });
}
