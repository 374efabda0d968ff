import type { EndRoleRequest, HandoverRequest, HandoverResponse } from '@shared/contracts/admin-roles-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { adminSettingsApi } from './admin-settings-client';
import { useApiQuery } from '../../../lib/query/use-api-query';

/**
 * The administrator roles (docs/operations.md, "Handing over") as server state. After a change the list is read
 * again: if the caller's own access ended, that read is refused and the app hides the admin menu at once.
 */
export const rolesKey = ['admin-roles'] as const;

/** GET /api/admin/roles: the roles, the members who may take over, and the school's day. */
export function useRoles() {
  return useApiQuery(rolesKey, adminSettingsApi.roles);
}

/** POST /api/admin/roles/handover. */
export function useHandOver() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<HandoverResponse, HandoverRequest>({
    mutationFn: (request) => adminSettingsApi.handOver(apiBaseUrl, request),
    invalidates: [rolesKey],
  });
}

/** POST /api/admin/roles/end. */
export function useEndRole() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<{ ended: number }, EndRoleRequest>({
    mutationFn: (request) => adminSettingsApi.endRole(apiBaseUrl, request),
    invalidates: [rolesKey],
  });
}
