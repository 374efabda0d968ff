import { useQueryClient } from '@tanstack/react-query';
import type { SafetyRestrictionRequest } from '@shared/contracts/admin-api';
import type { ImportFile } from '@shared/contracts/import-api';
import type { Language } from '@shared/schemas/common';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { directoryKey } from '../../../lib/directory/use-directory';
import { meKey } from '../../../lib/api/me-queries';
import { adminRecordsKey } from '../../../lib/api/admin-query-keys';
import { useApiMutation } from '../../../lib/query/use-api-mutation';
import { useApiQuery } from '../../../lib/query/use-api-query';
import { adminDataApi } from './admin-data-client';

/** The data editor's server state (docs/frontend.md, "Server state"). */
export const adminDataKeys = {
  /** Every read of the records (the committees screen's too: lib/committees). */
  all: adminRecordsKey,
  directory: ['admin-data', 'directory'] as const,
  templates: (lang: Language) => ['admin-data', 'templates', lang] as const,
  consentLog: (parentId: string) => ['admin-data', 'consent-log', parentId] as const,
};

/**
 * What a change to the school's records makes stale: the editor's own lists (records and consent logs), the
 * directory every member reads, and GET /api/me (an administrator may edit their own parent record).
 */
export const RECORDS_CHANGED = [adminDataKeys.all, directoryKey, meKey] as const;

/** GET /api/admin/directory: every record as stored, with its version. */
export function useAdminDirectory() {
  return useApiQuery(adminDataKeys.directory, adminDataApi.directory);
}

/** GET /api/admin/import/templates in the admin's language. */
export function useImportTemplates(lang: Language) {
  return useApiQuery(adminDataKeys.templates(lang), (api) => adminDataApi.templates(api, lang));
}

/** GET /api/admin/parents/{id}/consent-log: one parent's consent log, newest first. */
export function useParentConsentLog(parentId: string) {
  return useApiQuery(adminDataKeys.consentLog(parentId), (api) => adminDataApi.consentLog(api, parentId));
}

/** POST (new) or PUT (existing, at the version read) of a record of any kind: `segment` is its path. */
export function useSaveRecord() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<{ record: { id: string } }, { segment: string; id?: string; input: unknown }>({
    mutationFn: ({ segment, id, input }) => adminDataApi.saveRecord(apiBaseUrl, segment, id, input),
    invalidates: RECORDS_CHANGED,
  });
}

/** PUT /api/admin/parents/{id}/safety-restriction. */
export function useSaveSafetyRestriction() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<{ record: { id: string } }, { id: string; request: SafetyRestrictionRequest }>({
    mutationFn: ({ id, request }) => adminDataApi.saveSafetyRestriction(apiBaseUrl, id, request),
    invalidates: RECORDS_CHANGED,
  });
}

type DeleteRequest = { version: number; confirm: string; orphanParents?: 'keep' | 'delete' };

/** DELETE /api/admin/{segment}/{id}, typed `confirm`, with the admin's choice for a student's orphan parents. */
export function useDeleteRecord() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation<{ deleted: true; deletedParentIds?: string[] }, { segment: string; id: string; request: DeleteRequest }>({
    mutationFn: ({ segment, id, request }) => adminDataApi.deleteRecord(apiBaseUrl, segment, id, request),
    invalidates: RECORDS_CHANGED,
  });
}

/** The chosen files, read when the request starts (the screen shows it busy while they are read). */
type ReadFiles = () => Promise<ImportFile[]>;

/** POST /api/admin/import/dry-run: a report, nothing written (so nothing made stale). */
export function useImportDryRun() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({ mutationFn: async (read: ReadFiles) => adminDataApi.dryRun(apiBaseUrl, await read()), invalidates: [] });
}

/**
 * POST /api/admin/import/apply, chunk after chunk until the server says the import is complete (`onChunk` hears
 * the remaining writes). A chunk that failed midway has written what came before it: a refusal makes stale too.
 */
export function useImportApply(onChunk: (remaining: number) => void) {
  const { apiBaseUrl } = useRuntimeConfig();
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: async (read: ReadFiles) => {
      const files = await read();
      for (;;) {
        const answer = await adminDataApi.apply(apiBaseUrl, files);
        onChunk(answer.progress.remaining);
        if (answer.progress.complete) return answer;
      }
    },
    invalidates: RECORDS_CHANGED,
    onError: () => Promise.all(RECORDS_CHANGED.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
