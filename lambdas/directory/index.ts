import { PrintAuditRequestSchema } from '../../shared/directory-print-api';
import { createHandler, notModified, parseWith } from '../common/http';
import { registryAccess } from '../registry/access';
import { bodyOf, directoryAt } from './directory-snapshot';
import { buildDirectoryResponse, directoryTag, viewerOf } from './directory-service';
import { recordPrint } from './print-audit-service';
import { currentDirectoryVersion } from './snapshot-repository';

/**
 * The directory screens' one read: the whole school, as this caller may see it (shared/visibility.ts). Reading
 * the version (one Query of a few tiny items) answers a revalidation (304); a 200 applies the caller's rule to the snapshot of that
 * version (docs/decisions.md, "A directory read near the floor").
 */
export const handler = createHandler({
  // Member route: createHandler has already required a verified email that is still in the registry.
  'GET /api/directory': async ({ event, people }) => {
    const viewer = viewerOf(people);
    const version = await currentDirectoryVersion();
    const tag = version ? directoryTag(version, viewer) : undefined;
    const unchanged = tag ? notModified(event, tag) : undefined;
    if (unchanged) return unchanged;
    const data = await directoryAt(version);
    // The browser keeps its own copy and revalidates with If-None-Match (docs/decisions.md).
    if (!tag) return { body: buildDirectoryResponse(data, viewer), etag: true };
    return { bodyText: bodyOf(tag, () => buildDirectoryResponse(data, viewer)), etag: tag };
  },
  // Recorded before the browser builds a printable directory from the response above (docs/decisions.md).
  'POST /api/directory/pdf-audit': async ({ body, caller, people }) => ({
    status: 201,
    body: await recordPrint(parseWith(PrintAuditRequestSchema, body), caller!, people),
  }),
}, registryAccess);
