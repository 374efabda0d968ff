import { useQuery } from '@tanstack/react-query';
import type { Incident, IncidentInput } from '../../../../../shared/privacy-incidents-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { incidentsApi } from './incidents-client';

/** The incident register (docs/privacy.md, "Incident register") as server state. */
export const incidentsKey = ['privacy-incidents'] as const;

/** GET /api/admin/privacy/incidents. */
export function useIncidents() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useQuery({ queryKey: incidentsKey, queryFn: () => incidentsApi.list(apiBaseUrl) });
}

/** POST (new) or PUT (at the version read) one incident: the register is read again. */
export function useSaveIncident() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<Incident, { id: string | undefined; input: IncidentInput & { version?: number } }>({
    mutationFn: ({ id, input }) => incidentsApi.save(apiBaseUrl, id, input),
    invalidates: [incidentsKey],
  });
}
