import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './test/setup/workers';
import { UNIT_ISOLATED_FILES } from './test/setup/unit-isolated';
import { EnvironmentGroupedSequencer } from './test/setup/sequencer';

/**
 * Four projects, on two workers (this machine class has two cores; vitest would use one by default):
 * - unit: pure code (shared rules, CDK assertions, React components in jsdom). No emulator. One module cache per
 *   worker (isolate: false).
 * - unit-isolated: the unit files that mock modules, stub globals or fake the clock (UNIT_ISOLATED_FILES), each
 *   with a module cache of its own.
 * - stack: everything that talks to a real local stack (DynamoDB Local, cognito-local, the SES emulator, the local
 *   gateway, Chromium). test/setup/stack.ts starts one in-memory stack per worker; a file uses its worker's
 *   (test/support/stack.ts), so the two files running at once never share a school, and files on one worker run
 *   one after another. unit and stack files share the two workers. One module cache per worker (isolate: false).
 * - log-scan: test/security/log-scan.test.ts alone, after the others (a later group): it reads what every stack
 *   logged during the run.
 */
const UNIT_FILES = [
  'test/shared/**/*.test.ts',
  'test/bench/**/*.test.ts',
  'test/lib/**/*.test.ts',
  'test/frontend/**/*.test.{ts,tsx}',
  'test/lint/**/*.test.ts',
];

const UNIT_OPTIONS = {
  // Both languages' strings, which the app loads on demand (frontend/src/i18n/i18n.ts), and Testing Library's waits.
  // The real clock, globals and environment after each test (test/setup/restore-stubs.ts).
  setupFiles: [
    'test/frontend/setup-i18n-strings.ts',
    'test/setup/testing-library.ts',
    'test/frontend/setup-jsdom.ts',
    'test/setup/restore-stubs.ts',
  ],
  testTimeout: 120_000,
  // A beforeAll that builds something (test/frontend/directory-pdf.test.ts renders two PDFs) outlasts
  // vitest's 10 s default on a loaded two-core machine.
  hookTimeout: 120_000,
};

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  // shared/ is imported as '@shared/...', as in tsconfig.json's "paths" and frontend/vite.config.ts.
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  test: {
    maxWorkers: TEST_WORKERS,
    // Inside a project, the files of one environment one after another, so a shared worker keeps its modules.
    sequence: { sequencer: EnvironmentGroupedSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: UNIT_ISOLATED_FILES,
          // The files share one module cache per worker (a third less CPU than a fresh one per file: each jsdom file
          // imports React, Cloudscape and the app's modules again otherwise). The files that replace modules, globals,
          // the environment or the clock run in `unit-isolated` below (docs/decisions/test-suite-less-cpu.md, "Test suite: less CPU").
          isolate: false,
          ...UNIT_OPTIONS,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: UNIT_ISOLATED_FILES, ...UNIT_OPTIONS },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          include: [
            'test/lambdas/**/*.test.ts',
            'test/local/**/*.test.ts',
            'test/e2e/**/*.test.ts',
            'test/security/**/*.test.ts',
          ],
          exclude: ['test/security/log-scan.test.ts'],
          globalSetup: ['test/setup/stack.ts'],
          // One module cache per worker, as in `unit`: each file imported the handlers, the AWS SDK and Playwright
          // again (48.9 s of import for the 45 test/lambdas files, 9.2 s shared). A file that stubs the environment
          // or fakes the clock puts it back, and none replaces a module (test/lint/stack-isolation.test.ts).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits 1 s by default: too short for a page to react on two loaded cores (a clean run failed a
          // navigation that settled later). A poll that gives up later only matters when the test fails anyway.
          // It asks every 200 ms, not vitest's 50: most polls read a page's text (innerText lays the page out), and at
          // 50 ms they took a fifth of a core from the page they wait for (docs/testing.md).
          expect: { poll: { timeout: 15_000, interval: 200 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'log-scan',
          include: ['test/security/log-scan.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
