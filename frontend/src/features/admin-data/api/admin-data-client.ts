import {
  CsvFilesResponseSchema,
  ImportApplyResponseSchema,
  ImportReportSchema,
  type CsvFile,
  type ImportApplyResponse,
  type ImportFile,
  type ImportReport,
} from '@shared/contracts/import-api';
import {
  AdminDirectoryResponseSchema,
  DeleteRecordResponseSchema,
  ExportJsonResponseSchema,
  SaveRecordResponseSchema,
} from '@shared/contracts/admin-responses';
import type { SafetyRestrictionRequest } from '@shared/contracts/admin-api';
import { ConsentLogResponseSchema, type ConsentEntry } from '@shared/contracts/privacy-consent-api';
import type { Language } from '@shared/schemas/common';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { FamilyLink, Student } from '@shared/schemas/student';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { Committee, Membership } from '@shared/schemas/committee';
import type { Staff } from '@shared/schemas/staff';
import { apiRequest } from '../../../lib/api/api-client';

/** What the edit tab reads of GET /api/admin/directory (records as stored, with their `version`). */
export interface AdminDirectory {
  settings?: SchoolSettings;
  classes: SchoolClass[];
  students: Student[];
  parents: Parent[];
  families: FamilyLink[];
  staff: Staff[];
  committees: Committee[];
  memberships: Membership[];
}

export const adminDataApi = {
  templates: (api: string, lang: Language): Promise<CsvFile[]> =>
    apiRequest(api, `/admin/import/templates?lang=${lang}`, CsvFilesResponseSchema).then((r) => r.files),
  dryRun: (api: string, files: ImportFile[]): Promise<ImportReport> =>
    apiRequest(api, '/admin/import/dry-run', ImportReportSchema, { method: 'POST', body: { files } }),
  apply: (api: string, files: ImportFile[]): Promise<ImportApplyResponse> =>
    apiRequest(api, '/admin/import/apply', ImportApplyResponseSchema, { method: 'POST', body: { files } }),
  exportCsv: (api: string, lang: Language): Promise<CsvFile[]> =>
    apiRequest(api, `/admin/export/csv?lang=${lang}`, CsvFilesResponseSchema).then((r) => r.files),
  exportJson: (api: string): Promise<unknown> => apiRequest(api, '/admin/export/json', ExportJsonResponseSchema),
  directory: (api: string): Promise<AdminDirectory> => apiRequest(api, '/admin/directory', AdminDirectoryResponseSchema),
  /** POST (no id) or PUT (with id) of any record kind: `segment` is parents, staff, students, classes or committees. */
  saveRecord: (api: string, segment: string, id: string | undefined, input: unknown): Promise<{ record: { id: string } }> =>
    apiRequest(api, id ? `/admin/${segment}/${encodeURIComponent(id)}` : `/admin/${segment}`, SaveRecordResponseSchema, {
      method: id ? 'PUT' : 'POST',
      body: input,
    }),
  /** One parent's consent log, newest first (docs/privacy.md, "Consent log"). */
  consentLog: (api: string, id: string): Promise<ConsentEntry[]> =>
    apiRequest(api, `/admin/parents/${encodeURIComponent(id)}/consent-log`, ConsentLogResponseSchema).then((r) => r.entries),
  /** PUT the households a parent is hidden from (an empty list lifts the restriction). */
  saveSafetyRestriction: (api: string, id: string, request: SafetyRestrictionRequest): Promise<{ record: { id: string } }> =>
    apiRequest(api, `/admin/parents/${encodeURIComponent(id)}/safety-restriction`, SaveRecordResponseSchema, {
      method: 'PUT',
      body: request,
    }),
  deleteRecord: (
    api: string,
    segment: string,
    id: string,
    request: { version: number; confirm: string; orphanParents?: 'keep' | 'delete' },
  ): Promise<{ deleted: true; deletedParentIds?: string[] }> =>
    apiRequest(api, `/admin/${segment}/${encodeURIComponent(id)}`, DeleteRecordResponseSchema, {
      method: 'DELETE',
      body: request,
    }),
};
