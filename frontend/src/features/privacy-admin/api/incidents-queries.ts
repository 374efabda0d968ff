import type { Incident, IncidentInput } from '@shared/contracts/privacy-incidents-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { incidentsApi } from './incidents-client';
import { useApiQuery } from '../../../lib/query/use-api-query';

/** The incident register (docs/privacy.md, "Incident register") as server state. */
export const incidentsKey = ['privacy-incidents'] as const;

/** GET /api/admin/privacy/incidents. */
export function useIncidents() {
  return useApiQuery(incidentsKey, incidentsApi.list);
}

/** POST (new) or PUT (at the version read) one incident: the register is read again. */
export function useSaveIncident() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<Incident, { id: string | undefined; input: IncidentInput & { version?: number } }>({
    mutationFn: ({ id, input }) => incidentsApi.save(apiBaseUrl, id, input),
    invalidates: [incidentsKey],
  });
}
