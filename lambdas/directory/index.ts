import { PrintAuditRequestSchema } from '../../shared/directory-print-api';
import { createHandler, parseWith } from '../common/http';
import { registryAccess } from '../registry/access';
import { logger } from '../common/logger';
import { getSettings, readDirectory } from './directory-repository';
import { buildDirectoryResponse, viewerOf } from './directory-service';
import { recordPrint } from './print-audit-service';

/** The directory screens' one read: the whole school, as this caller may see it (shared/visibility.ts). */
export const handler = createHandler({
  // Member route: createHandler has already required a verified email that is still in the registry.
  'GET /api/directory': async ({ people }) => {
    const [snapshot, settings] = await Promise.all([readDirectory(), getSettings()]);
    // Counts only: they show the partition's growth (pages per read) without any personal data.
    logger.info('directory read', { ...snapshot.stats });
    // The browser keeps its own copy and revalidates with If-None-Match (docs/decisions.md).
    return { body: buildDirectoryResponse({ ...snapshot, settings }, viewerOf(people)), etag: true };
  },
  // Recorded before the browser builds a printable directory from the response above (docs/decisions.md).
  'POST /api/directory/pdf-audit': async ({ body, caller, people }) => ({
    status: 201,
    body: await recordPrint(parseWith(PrintAuditRequestSchema, body), caller!, people),
  }),
}, registryAccess);
