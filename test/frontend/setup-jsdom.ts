import { speedUpComputedStyle } from './jsdom-computed-style';
import { skipOwnerStacks, speedUpClassQueries } from './jsdom-quick-paths';

// jsdom's getComputedStyle, which Testing Library's role queries call for every node they name, answered sooner
// (test/frontend/jsdom-computed-style.ts); Cloudscape's single-class queries of the document and React's
// development-only owner stacks, the same (test/frontend/jsdom-quick-paths.ts). The node files of the unit projects
// have no document, and do not load React here.
if (typeof document !== 'undefined') {
  speedUpComputedStyle(document);
  speedUpClassQueries(document);
  const react = (await import('react')).default as unknown as Record<string, object | undefined>;
  skipOwnerStacks(react.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE);
}
