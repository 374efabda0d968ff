import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * react-router's package exports only its development build to bundlers (the production build differs by its
 * development warnings, which are switched on). The production build of the app uses the production files,
 * which the package ships beside them; the dev server keeps the warnings.
 */
export function reactRouterProduction(): Plugin {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  const files: Record<string, string> = {
    'react-router': path.join(dist, 'index.mjs'),
    'react-router/dom': path.join(dist, 'dom-export.mjs'),
  };
  return {
    name: 'school-directory:react-router-production',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      for (const file of Object.values(files)) {
        if (!existsSync(file)) this.error(`${file} is missing: review frontend/build/react-router-production.ts`);
      }
    },
    resolveId(source) {
      return files[source] ?? null;
    },
  };
}
