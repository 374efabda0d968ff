import type { z } from 'zod';
import {
  CsvFilesResponseSchema,
  ImportApplyResponseSchema,
  ImportReportSchema,
  type CsvFile,
  type ImportApplyResponse,
  type ImportFile,
  type ImportReport,
} from '../../../../../shared/import-api';
import type { Language } from '../../../../../shared/schemas/common';
import type { SchoolClass } from '../../../../../shared/schemas/school-class';
import type { FamilyLink, Student } from '../../../../../shared/schemas/student';
import type { Parent } from '../../../../../shared/schemas/parent';
import type { SchoolSettings } from '../../../../../shared/schemas/settings';
import type { Committee, Membership } from '../../../../../shared/schemas/committee';
import type { Staff } from '../../../../../shared/schemas/staff';
import { ApiCallError, authorizedFetch } from '../../../lib/api/me-client';

/** An API error with the body the server sent (a refused apply carries its `report`, an orphan delete its ids). */
export class AdminDataError extends ApiCallError {
  constructor(status: number, code: string | undefined, readonly body: unknown) {
    super(status, code);
  }
}

async function call(apiBaseUrl: string, path: string, method = 'GET', body?: unknown): Promise<unknown> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await authorizedFetch(apiBaseUrl, path, init);
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new AdminDataError(response.status, (json as { error?: { code?: string } } | undefined)?.error?.code, json);
  }
  return json;
}

const parse = <T>(schema: z.ZodType<T>) => (json: unknown): T => schema.parse(json);

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
    call(api, `/admin/import/templates?lang=${lang}`).then(parse(CsvFilesResponseSchema)).then((r) => r.files),
  dryRun: (api: string, files: ImportFile[]): Promise<ImportReport> =>
    call(api, '/admin/import/dry-run', 'POST', { files }).then(parse(ImportReportSchema)),
  apply: (api: string, files: ImportFile[]): Promise<ImportApplyResponse> =>
    call(api, '/admin/import/apply', 'POST', { files }).then(parse(ImportApplyResponseSchema)),
  exportCsv: (api: string, lang: Language): Promise<CsvFile[]> =>
    call(api, `/admin/export/csv?lang=${lang}`).then(parse(CsvFilesResponseSchema)).then((r) => r.files),
  exportJson: (api: string): Promise<unknown> => call(api, '/admin/export/json'),
  directory: (api: string): Promise<AdminDirectory> => call(api, '/admin/directory') as Promise<AdminDirectory>,
  /** POST (no id) or PUT (with id) of any record kind: `segment` is parents, staff, students, classes or committees. */
  saveRecord: (api: string, segment: string, id: string | undefined, input: unknown): Promise<{ record: { id: string } }> =>
    call(
      api,
      id ? `/admin/${segment}/${encodeURIComponent(id)}` : `/admin/${segment}`,
      id ? 'PUT' : 'POST',
      input,
    ) as Promise<{ record: { id: string } }>,
  deleteRecord: (
    api: string,
    segment: string,
    id: string,
    request: { version: number; confirm: string; orphanParents?: 'keep' | 'delete' },
  ): Promise<{ deleted: true; deletedParentIds?: string[] }> =>
    call(api, `/admin/${segment}/${encodeURIComponent(id)}`, 'DELETE', request) as Promise<{
      deleted: true;
      deletedParentIds?: string[];
    }>,
};

export { ApiCallError };
