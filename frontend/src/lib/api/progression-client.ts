import type { z } from 'zod';
import type {
  AssignmentsRequest,
  DeparturesRequest,
  NewStudentRequest,
  ParentDecisionsRequest,
} from '@shared/contracts/progression-api';
import {
  ApplyResponseSchema,
  BackupManifestResponseSchema,
  BackupPartResponseSchema,
  CurrentProgressionResponseSchema,
  ParentLookupResponseSchema,
  ProgressionReviewSchema,
  ProgressionWorkspaceSchema,
} from '@shared/contracts/progression-responses';
import { ApiError, apiRequest, type ApiCall } from './api-client';

/** The progression routes (docs/progression.md), through the API client (ID token, checked answers). */
const BASE = '/admin/progression';
const at = (id: string, rest = '') => `${BASE}/${encodeURIComponent(id)}${rest}`;
const send = <T>(api: string, path: string, schema: z.ZodType<T>, method: ApiCall['method'], body?: unknown) =>
  apiRequest(api, path, schema, { method, ...(body !== undefined ? { body } : {}) });
const Workspace = ProgressionWorkspaceSchema;

export const progressionApi = {
  current: (api: string) => apiRequest(api, BASE, CurrentProgressionResponseSchema),
  start: (api: string) => send(api, BASE, Workspace, 'POST'),
  workspace: (api: string, id: string) => apiRequest(api, at(id), Workspace),
  analyse: (api: string, id: string) => send(api, at(id, '/analysis'), Workspace, 'POST'),
  assign: (api: string, id: string, request: AssignmentsRequest) =>
    send(api, at(id, '/assignments'), Workspace, 'PUT', request),
  departures: (api: string, id: string, request: DeparturesRequest) =>
    send(api, at(id, '/departures'), Workspace, 'PUT', request),
  parentDecisions: (api: string, id: string, request: ParentDecisionsRequest) =>
    send(api, at(id, '/parent-decisions'), Workspace, 'PUT', request),
  addNewStudent: (api: string, id: string, request: NewStudentRequest) =>
    send(api, at(id, '/new-students'), Workspace, 'POST', request),
  updateNewStudent: (api: string, id: string, newStudentId: string, request: NewStudentRequest) =>
    send(api, at(id, `/new-students/${encodeURIComponent(newStudentId)}`), Workspace, 'PUT', request),
  deleteNewStudent: (api: string, id: string, newStudentId: string) =>
    send(api, at(id, `/new-students/${encodeURIComponent(newStudentId)}`), Workspace, 'DELETE'),
  parentLookup: (api: string, id: string, email: string) =>
    send(api, at(id, '/parent-lookup'), ParentLookupResponseSchema, 'POST', { email }),
  review: (api: string, id: string) => apiRequest(api, at(id, '/review'), ProgressionReviewSchema),
  apply: (api: string, id: string) => send(api, at(id, '/apply'), ApplyResponseSchema, 'POST', { confirm: 'confirm' }),
  continueApply: (api: string, id: string) => send(api, at(id, '/apply/continue'), ApplyResponseSchema, 'POST'),
  cancel: (api: string, id: string) => send(api, at(id, '/cancel'), CurrentProgressionResponseSchema, 'POST'),
  backupManifest: (api: string, id: string) => apiRequest(api, at(id, '/backup'), BackupManifestResponseSchema),
  backupPart: (api: string, id: string, part: number) => apiRequest(api, at(id, `/backup/${part}`), BackupPartResponseSchema),
};

/** `errors.<CODE>` when the API sent a code we translate, else the generic message of the progression screens. */
export function errorKey(error: unknown): string {
  return error instanceof ApiError && error.code ? `errors.${error.code}` : 'progression.errors.generic';
}
