import type { Committee, Membership } from '@shared/schemas/committee';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { adminCommitteesApi } from '../api/admin-committees-client';
import { adminCommitteesKey, adminRecordsKey } from '../api/admin-query-keys';
import { directoryKey } from '../directory/directory-store';
import { useApiMutation } from '../query/use-api-mutation';
import { useApiQuery } from '../query/use-api-query';

/**
 * The school's records as the administrators manage them, as server state (docs/frontend.md, "Server state"):
 * every read of GET /api/admin/directory sits under `adminRecordsKey` (the data editor's lists, the committees), so
 * a write to the records makes all of them stale.
 */

/** The committees with their seats and the names of who holds them (the committees screen, the campaign). */
export function useAdminCommittees() {
  return useApiQuery(adminCommitteesKey, adminCommitteesApi.load);
}

/**
 * Opens or closes one committee to parents' sign-ups (the whole record at the version read): the records, and the
 * directory, which shows whether a committee recruits, are read again.
 */
export function useSetCommitteeOpen() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<{ record: { id: string } }, { committee: Committee; memberships: readonly Membership[]; open: boolean }>({
    mutationFn: ({ committee, memberships, open }) => adminCommitteesApi.setOpen(apiBaseUrl, committee, memberships, open),
    invalidates: [adminRecordsKey, directoryKey],
  });
}
