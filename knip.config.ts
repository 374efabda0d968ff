import type { KnipConfig } from 'knip';

/**
 * `npm run knip` (part of `npm run checks`): no unused file, export, dependency or binary stays without a reason
 * written here (docs/architecture.md, "Dead code"). Entries are what runs: the CDK app, each Lambda's handler file
 * (the CDK names them by path, which knip cannot follow), the CLI tools and benches, the web app, the tests.
 * An export used only in its own file is not reported (it is the file's inner name, exported for nobody).
 */
const config: KnipConfig = {
  entry: [
    'bin/app.ts',
    'lambdas/*/index.ts',
    'lambdas/triggers/*.ts',
    'lambdas/annual-update/bounce-handler.ts',
    'local/cli/*.ts',
    'local/bench/*-bench.ts',
    'local/bench/first-page-modules.ts',
    // Started by path in a child process (local/stack.ts, local/stale-processes.ts).
    'local/cognito/launcher.ts',
    // Run by hand when the icon's SVG changes (its opening comment).
    'frontend/build/render-icons.ts',
    'test/**/*.test.{ts,tsx}',
    // Started by path in a child process (test/setup/stack.ts, test/support/isolated-stack.ts).
    'test/setup/*.ts',
  ],
  project: [
    'bin/**/*.ts',
    'lib/**/*.ts',
    'lambdas/**/*.ts',
    'shared/**/*.ts',
    'local/**/*.ts',
    'frontend/src/**/*.{ts,tsx}',
    'frontend/build/**/*.ts',
    'test/**/*.{ts,tsx}',
    'eslint/**/*.js',
  ],
  ignoreExportsUsedInFile: true,
  rules: {
    // The shared contracts name each request and response type beside its zod schema (z.infer), for the reader
    // of either side; a type has no cost at run time and the schema stays the one source. Unused values are
    // still reported.
    types: 'off',
  },
  ignoreIssues: {
    // Named re-exports that let the bundler drop the rest of aws-amplify/auth; lib/api/amplify.ts reads them
    // through a dynamic import's namespace, which knip does not follow.
    'frontend/src/lib/api/amplify-auth-api.ts': ['exports'],
    // UpdateLoadResponseSchema names POST /api/update/load's response, which is the parent's form itself.
    'shared/rules/parent-form.ts': ['duplicates'],
  },
  ignoreDependencies: [
    // Peer of @cloudscape-design/components/test-utils, which the jsdom tests import.
    '@cloudscape-design/test-utils-core',
    // Read as a file (axe.min.js) and injected into the journeys' pages (test/support/axe.ts).
    'axe-core',
    // Types and helpers of packages that come with a listed one (vite, react-router-dom, the AWS SDK, cognito-local,
    // the source-map reader of the first-page bench): pinned by the package that brings them.
    'rollup',
    'react-router',
    '@smithy/types',
    '@smithy/core',
    '@jridgewell/trace-mapping',
    'pino',
  ],
  // System programs: DynamoDB Local's Java, the bench's certificate (README.md).
  ignoreBinaries: ['java', 'javac', 'openssl'],
};

export default config;
