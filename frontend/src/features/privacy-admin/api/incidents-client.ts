import {
  IncidentCsvResponseSchema,
  IncidentJsonResponseSchema,
  IncidentListResponseSchema,
  IncidentResponseSchema,
  type Incident,
  type IncidentCsvResponse,
  type IncidentInput,
  type IncidentJsonResponse,
} from '@shared/contracts/privacy-incidents-api';
import type { Language } from '@shared/schemas/common';
import { apiRequest } from '../../../lib/api/api-client';

const BASE = '/admin/privacy/incidents';

/** The incident register's routes (docs/privacy.md, "Incident register"). */
export const incidentsApi = {
  list: (api: string): Promise<Incident[]> => apiRequest(api, BASE, IncidentListResponseSchema).then((r) => r.incidents),
  /** Records a new incident (no id) or replaces an existing one at the version the admin read. */
  save: (api: string, id: string | undefined, input: IncidentInput & { version?: number }): Promise<Incident> =>
    apiRequest(api, id ? `${BASE}/${encodeURIComponent(id)}` : BASE, IncidentResponseSchema, {
      method: id ? 'PUT' : 'POST',
      body: input,
    }).then((r) => r.incident),
  exportCsv: (api: string, lang: Language): Promise<IncidentCsvResponse['file']> =>
    apiRequest(api, `${BASE}/export/csv?lang=${lang}`, IncidentCsvResponseSchema).then((r) => r.file),
  exportJson: (api: string): Promise<IncidentJsonResponse> => apiRequest(api, `${BASE}/export/json`, IncidentJsonResponseSchema),
};
