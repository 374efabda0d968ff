import {
  IncidentExportQuerySchema,
  IncidentInputSchema,
  IncidentUpdateSchema,
} from '@shared/contracts/privacy-incidents-api';
import { IdSchema } from '@shared/schemas/common';
import { AppError } from '../../common/errors';
import { parseWith, type ApiRequest, type RouteHandlers, type SignedInRequest } from '../../common/http';
import {
  editIncident,
  exportIncidentsCsv,
  exportIncidentsJson,
  incidentRegister,
  recordIncident,
  type IncidentContext,
} from './incident-service';

/** The incident register's routes (docs/privacy.md): parse -> service -> respond. Contract: shared/contracts/privacy-incidents-api.ts. */

const contextOf = (request: SignedInRequest): IncidentContext => ({ actor: { kind: 'user', id: request.caller.sub }, now: new Date() });

/** The `{incidentId}` of the path; an id that cannot exist is simply not found. */
function incidentId(request: ApiRequest): string {
  const result = IdSchema.safeParse(request.pathParameters.incidentId);
  if (!result.success) throw new AppError('NOT_FOUND');
  return result.data;
}

export const incidentHandlers: RouteHandlers = {
  'GET /api/admin/privacy/incidents': async () => ({ body: { incidents: await incidentRegister() } }),
  'POST /api/admin/privacy/incidents': async (r) => ({
    status: 201,
    body: { incident: await recordIncident(parseWith(IncidentInputSchema, r.body), contextOf(r)) },
  }),
  'PUT /api/admin/privacy/incidents/{incidentId}': async (r) => {
    const id = incidentId(r);
    return { body: { incident: await editIncident(id, parseWith(IncidentUpdateSchema, r.body), contextOf(r)) } };
  },
  'GET /api/admin/privacy/incidents/export/csv': async (r) => ({
    body: await exportIncidentsCsv(parseWith(IncidentExportQuerySchema, r.query).lang, contextOf(r)),
  }),
  'GET /api/admin/privacy/incidents/export/json': async (r) => ({ body: await exportIncidentsJson(contextOf(r)) }),
};
