import { ImportRequestSchema, LangQuerySchema } from '@shared/contracts/import-api';
import { createHandler, parseWith, type SignedInRequest } from '../common/http';
import { registryAccess } from '../registry/public';
import { getSettings } from '../directory/public';
import { readDirectoryConsistent } from './admin-repository';
import { writeAudit } from '../common/audit';
import { editContext, editHandlers } from './edit-handlers';
import { mergeHandlers } from './merge-handlers';
import { exportCsvFiles, exportJson, templateFiles } from './export-service';
import { applyImport, planImport } from './import/import-service';
import { settingsRolesHandlers } from './settings-roles-handlers';
import { committeeSignUps } from './sign-ups-service';

/**
 * Time one import call allows itself (planning included, then at least 2 s of writing) before it returns
 * progress, so the admin page's progress bar moves every few seconds; far inside the function's 29 s timeout
 * (`bulkWork` in lib/context-grants.ts). The client calls again until `complete`.
 */
const IMPORT_CALL_BUDGET_MS = 6_000;

/** Records who took a copy of the directory, when, and in which form (no content: docs/data-model.md). */
function auditExport(request: SignedInRequest, action: string): Promise<void> {
  const { actor, now } = editContext(request);
  return writeAudit({ at: now.toISOString(), actor, action, target: { type: 'DIRECTORY', id: 'export' } });
}

/** Data onboarding and upkeep for administrators (docs/data-onboarding.md). Every route is `admin`. */
export const handler = createHandler({
  registry: registryAccess,
  routes: {
    // Every record as stored, with its version: what the editing screens start from.
    'GET /api/admin/directory': async () => {
      const [data, settings] = await Promise.all([readDirectoryConsistent(), getSettings()]);
      return { body: { ...(settings ? { settings } : {}), ...data }, etag: true };
    },

    // New committee sign-ups from the parent form, for the dashboard card (docs/product-rules.md).
    'GET /api/admin/committees/sign-ups': async () => ({ body: await committeeSignUps() }),

    'GET /api/admin/import/templates': async ({ query }) => ({
      body: { files: templateFiles(parseWith(LangQuerySchema, query).lang) },
    }),
    'POST /api/admin/import/dry-run': async ({ body }) => {
      const { files } = parseWith(ImportRequestSchema, body);
      return { body: (await planImport(files)).report };
    },
    'POST /api/admin/import/apply': async (request) => {
      const { files } = parseWith(ImportRequestSchema, request.body);
      const { actor } = editContext(request);
      const result = await applyImport(files, { actor, budgetMs: IMPORT_CALL_BUDGET_MS });
      // Any error in any file: nothing was written, and the report says where.
      if (!result.report.valid) return { status: 400, body: { error: { code: 'VALIDATION_FAILED' }, report: result.report } };
      return { body: result };
    },

    // Every export carries every family's contacts out of the app: each one leaves an audit entry, like any edit.
    'GET /api/admin/export/csv': async (request) => {
      const { lang } = parseWith(LangQuerySchema, request.query);
      const [data, settings] = await Promise.all([readDirectoryConsistent(), getSettings()]);
      await auditExport(request, 'export.csv');
      return { body: { files: exportCsvFiles(data, settings, lang) } };
    },
    'GET /api/admin/export/json': async (request) => {
      const [data, settings] = await Promise.all([readDirectoryConsistent(), getSettings()]);
      await auditExport(request, 'export.json');
      return { body: exportJson(data, settings, new Date()) };
    },

    ...editHandlers,
    ...mergeHandlers,
    ...settingsRolesHandlers,
  },
});
