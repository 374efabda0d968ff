import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { cloudscapeTrim } from './build/cloudscape-trim';
import { cloudscapeUnused } from './build/cloudscape-unused';
import { criticalPreloads } from './build/critical-preloads';
import { fontFiles, printFonts } from './build/font-files';
import { prePaintedSignIn } from './build/pre-painted-sign-in';
import { serviceWorker } from './build/pwa';
import { reactRouterProduction } from './build/react-router-production';
import { stringGroups } from './build/string-groups';

const root = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The local gateway (`npm start`) serves /api and /config.json; the dev server forwards both to it, on the ports
 * `npm start` took (LOCAL_PORT_BASE, as local/stack.ts defaultPorts: the app is the first).
 */
const LOCAL_GATEWAY = `http://127.0.0.1:${Number(process.env.LOCAL_PORT_BASE ?? 3000)}`;

/**
 * Vendor code that changes rarely gets its own long-cached chunk. Cloudscape is deliberately NOT forced into one
 * chunk: Rollup then keeps the shell's components in the entry and puts page-only components (tables, forms) in
 * the lazy page chunks, so the first page does not pay for every screen.
 */
function manualChunks(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  // tslib: helpers that the first page (Cloudscape's i18n) and Amplify share; left unassigned, Rollup would
  // pull it into the amplify chunk and that chunk back onto the first page.
  if (/\/node_modules\/(react|react-dom|scheduler|tslib)\//.test(id)) return 'react';
  if (/\/node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\//.test(id)) return 'router';
  if (/\/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//.test(id)) return 'i18n';
  // Amplify (auth only) and the AWS SDK pieces it bundles: rarely updated, loaded on first use (lib/api/amplify.ts).
  if (/\/node_modules\/(aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk)\//.test(id)) return 'amplify';
  // The printable directory's libraries (loaded on click only): two chunks, each under the size warning.
  if (/\/node_modules\/@pdf-lib\/fontkit\//.test(id)) return 'fontkit';
  if (/\/node_modules\/(pdf-lib|@pdf-lib)\//.test(id)) return 'pdf-lib';
  return undefined;
}

export default defineConfig({
  root,
  // shared/ is imported as '@shared/...' (tsconfig.json "paths"; docs/architecture.md, "Layers").
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  plugins: [
    react(),
    fontFiles(),
    printFonts(),
    cloudscapeTrim(),
    cloudscapeUnused(),
    stringGroups(),
    reactRouterProduction(),
    serviceWorker(),
    criticalPreloads(),
    prePaintedSignIn(),
  ],
  define: {
    // Shown in the debug panel; the deployment's own build id comes from /config.json.
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The build's report would gzip every chunk to print its size: CPU every `npm test` pays for a line nobody reads
    // (the first page's budget is measured by test/bench/first-page-budget.test.ts and `npm run bench`).
    reportCompressedSize: false,
    // Cloudscape's AppLayout alone is ~120 kB minified and the lazily loaded theming preset ~590 kB: the default
    // 500 kB warning would fire on every build without pointing at anything we can act on.
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      output: { manualChunks },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: LOCAL_GATEWAY, changeOrigin: false },
      '/config.json': { target: LOCAL_GATEWAY, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1' },
});
