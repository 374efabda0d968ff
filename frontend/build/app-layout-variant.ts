import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const SHIM = '\0school-directory:app-layout-internal';
/** The module that replaces app-layout/internal.js: the visual-refresh layout only (by file: the package exports no deep paths). */
const implementation = (refreshed: string) => `
import React from 'react';
import RefreshedAppLayout from ${JSON.stringify(refreshed)};
export const AppLayoutInternal = React.forwardRef((props, ref) => React.createElement(RefreshedAppLayout, { ref, ...props }));
`;

/**
 * Cloudscape's AppLayout ships three layouts and picks one at run time (app-layout/internal.js): "classic", for
 * builds without visual refresh; "visual refresh"; and the "toolbar" variant, behind a global feature flag this
 * app never sets. This package is built with ALWAYS_VISUAL_REFRESH, so only the second ever renders. The plugin
 * gives app-layout/index.js an internal module that renders that one directly, which leaves the two others
 * (with the toolbar's drag-and-drop library and their style sheets) out of the bundle: about N KB gzip off the
 * first page (docs/decisions.md, "First page at 250 KB").
 *
 * It checks its assumptions at build time and fails the build if a Cloudscape upgrade changed them.
 */
export function appLayoutVariant(): Plugin {
  let refreshed: string | undefined;
  return {
    name: 'school-directory:app-layout-variant',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise resolve './internal' first.
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './internal' || !importer) return null;
      const file = importer.replace(/[?#].*$/, '');
      if (!file.endsWith('/@cloudscape-design/components/app-layout/index.js')) return null;
      if (!refreshed) {
        const root = path.dirname(path.dirname(file));
        const environment = readFileSync(path.join(root, 'internal/environment.js'), 'utf8');
        const internal = readFileSync(path.join(root, 'app-layout/internal.js'), 'utf8');
        if (!/ALWAYS_VISUAL_REFRESH = true/.test(environment) || !/useAppLayoutFlagEnabled/.test(internal)) {
          this.error('Cloudscape AppLayout changed: review frontend/build/app-layout-variant.ts');
        }
        refreshed = path.join(root, 'app-layout/visual-refresh/index.js');
        if (!existsSync(refreshed)) {
          this.error('Cloudscape AppLayout has no visual-refresh/index.js: review frontend/build/app-layout-variant.ts');
        }
      }
      return SHIM;
    },
    load(id) {
      return id === SHIM && refreshed ? implementation(refreshed) : null;
    },
  };
}
