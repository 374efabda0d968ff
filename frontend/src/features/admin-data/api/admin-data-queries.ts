import { adminDataApi } from './admin-data-client';
import { useApiQuery } from '../../../lib/query/use-api-query';

/** The data editor's server state (docs/frontend.md, "Server state"). */
export const adminDataKeys = {
  all: ['admin-data'] as const,
  consentLog: (parentId: string) => ['admin-data', 'consent-log', parentId] as const,
};

/** GET /api/admin/parents/{id}/consent-log: one parent's consent log, newest first. */
export function useParentConsentLog(parentId: string) {
  return useApiQuery(adminDataKeys.consentLog(parentId), (api) => adminDataApi.consentLog(api, parentId));
}
