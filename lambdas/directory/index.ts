import { PrintAuditRequestSchema } from '@shared/contracts/directory-print-api';
import { createHandler, notModified, parseWith } from '../common/http';
import { registryAccess } from '../registry/public';
import { directoryAt, preparedBodyOf, registeredIn } from './directory-snapshot';
import { buildDirectoryResponse, directoryTag, viewerOf } from './directory-service';
import { recordPrint } from './print-audit-service';
import { currentDirectoryVersion, type DirectoryVersion } from './snapshot-repository';

/**
 * The directory screens' one read: the whole school, as this caller may see it (shared/rules/visibility.ts). Reading
 * the version (one Query of a few tiny items) answers a revalidation (304); a 200 applies the caller's rule to the snapshot of that
 * version (docs/decisions/a-directory-read-near-the-floor-a-version-a-snapshot-per.md, "A directory read near the floor"), kept serialised and compressed per version and
 * viewer ("The directory's warm read: one round trip, bytes ready").
 */
export const handler = createHandler({
  registry: registryAccess,
  early: {
    'GET /api/directory': {
      // The version needs nothing of the caller: read while the caller's token is looked at.
      read: currentDirectoryVersion,
      // Who the caller is, from the snapshot of the version just read (the registry's answer at that version): a
      // warm read or a revalidation is then one round trip, the version. An email the snapshot does not know is
      // asked of the registry itself before being refused; before any versioned write there is no snapshot to ask.
      async registered(email: string, early: Promise<DirectoryVersion | undefined>) {
        const version = await early;
        const people = version ? registeredIn(await directoryAt(version), email) : [];
        return people.length > 0 ? people : registryAccess.findRegisteredPeople(email);
      },
    },
  },
  routes: {
    // Member route: createHandler has already required a verified email that is still in the registry, on this
    // very request, answered from the snapshot of the version read first (`early`, above).
    'GET /api/directory': async ({ event, people, early }) => {
      const viewer = viewerOf(people);
      const version = await early;
      const tag = version ? directoryTag(version, viewer) : undefined;
      const unchanged = tag ? notModified(event, tag) : undefined;
      if (unchanged) return unchanged;
      const data = await directoryAt(version);
      // The browser keeps its own copy and revalidates with If-None-Match (docs/decisions/the-directory-is-one-read-revalidated-with-an-etag-never.md).
      if (!tag) return { body: buildDirectoryResponse(data, viewer), etag: true };
      return { prepared: preparedBodyOf(tag, () => buildDirectoryResponse(data, viewer)), etag: tag };
    },
    // Recorded before the browser builds a printable directory from the response above (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md).
    'POST /api/directory/pdf-audit': async ({ body, caller, people }) => ({
      status: 201,
      body: await recordPrint(parseWith(PrintAuditRequestSchema, body), caller, people),
    }),
  },
});
