import type {
  ApplyResponse,
  AssignmentsRequest,
  BackupManifestResponse,
  BackupPartResponse,
  CurrentProgressionResponse,
  DeparturesRequest,
  NewStudentRequest,
  ParentDecisionsRequest,
  ParentLookupResponse,
  ProgressionReview,
  ProgressionWorkspace,
} from '../../../../shared/progression-api';
import type { ApiErrorBody } from '../../../../shared/error-codes';
import { ApiCallError, authorizedFetch } from '../../features/auth';

/** An API error with what the progression screens need: the invalid fields and, on a held lock, how long to wait. */
export class ProgressionApiError extends ApiCallError {
  constructor(
    status: number,
    code: string | undefined,
    readonly fields: { path: string; issue: string }[] = [],
    /** Seconds, from `Retry-After` (409 CONFLICT while another request holds the apply lock). */
    readonly retryAfter?: number,
  ) {
    super(status, code);
    this.name = 'ProgressionApiError';
  }
}

/** The progression routes (docs/progression.md), through the auth feature's `authorizedFetch` (ID token). */
async function call<T>(apiBaseUrl: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await authorizedFetch(apiBaseUrl, path, init);
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (json as Partial<ApiErrorBody> | undefined)?.error;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ProgressionApiError(
      response.status,
      error?.code,
      error?.fields ?? [],
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return json as T;
}

const BASE = '/admin/progression';
const at = (id: string, rest = '') => `${BASE}/${encodeURIComponent(id)}${rest}`;

export const progressionApi = {
  current: (api: string) => call<CurrentProgressionResponse>(api, BASE),
  start: (api: string) => call<ProgressionWorkspace>(api, BASE, 'POST'),
  workspace: (api: string, id: string) => call<ProgressionWorkspace>(api, at(id)),
  analyse: (api: string, id: string) => call<ProgressionWorkspace>(api, at(id, '/analysis'), 'POST'),
  assign: (api: string, id: string, request: AssignmentsRequest) =>
    call<ProgressionWorkspace>(api, at(id, '/assignments'), 'PUT', request),
  departures: (api: string, id: string, request: DeparturesRequest) =>
    call<ProgressionWorkspace>(api, at(id, '/departures'), 'PUT', request),
  parentDecisions: (api: string, id: string, request: ParentDecisionsRequest) =>
    call<ProgressionWorkspace>(api, at(id, '/parent-decisions'), 'PUT', request),
  addNewStudent: (api: string, id: string, request: NewStudentRequest) =>
    call<ProgressionWorkspace>(api, at(id, '/new-students'), 'POST', request),
  updateNewStudent: (api: string, id: string, newStudentId: string, request: NewStudentRequest) =>
    call<ProgressionWorkspace>(api, at(id, `/new-students/${encodeURIComponent(newStudentId)}`), 'PUT', request),
  deleteNewStudent: (api: string, id: string, newStudentId: string) =>
    call<ProgressionWorkspace>(api, at(id, `/new-students/${encodeURIComponent(newStudentId)}`), 'DELETE'),
  parentLookup: (api: string, id: string, email: string) =>
    call<ParentLookupResponse>(api, at(id, '/parent-lookup'), 'POST', { email }),
  review: (api: string, id: string) => call<ProgressionReview>(api, at(id, '/review')),
  apply: (api: string, id: string) => call<ApplyResponse>(api, at(id, '/apply'), 'POST', { confirm: 'confirm' }),
  continueApply: (api: string, id: string) => call<ApplyResponse>(api, at(id, '/apply/continue'), 'POST'),
  cancel: (api: string, id: string) => call<CurrentProgressionResponse>(api, at(id, '/cancel'), 'POST'),
  backupManifest: (api: string, id: string) => call<BackupManifestResponse>(api, at(id, '/backup')),
  backupPart: (api: string, id: string, part: number) => call<BackupPartResponse>(api, at(id, `/backup/${part}`)),
};

/** `errors.<CODE>` when the API sent a code we translate, else the generic message of the progression screens. */
export function errorKey(error: unknown): string {
  return error instanceof ApiCallError && error.code ? `errors.${error.code}` : 'progression.errors.generic';
}
