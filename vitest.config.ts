import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Keeps the stack project's files in their usual order, but runs the log scan after everything else. */
class LogScanLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isScan = (f: TestSpecification) => f.moduleId.endsWith('log-scan.test.ts');
    return [...sorted.filter((f) => !isScan(f)), ...sorted.filter(isScan)];
  }
}

/**
 * Two projects:
 * - unit: pure code (shared rules, CDK assertions, React components in jsdom). No emulator.
 * - stack: everything that talks to the real local stack (DynamoDB Local, cognito-local, the SES emulator,
 *   the local gateway, Chromium). One in-memory stack is started for the whole run by test/setup/stack.ts.
 */
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    // A root option: vitest ignores a sequencer set on a project.
    sequence: { sequencer: LogScanLastSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'test/shared/**/*.test.ts',
            'test/bench/**/*.test.ts',
            'test/lib/**/*.test.ts',
            'test/frontend/**/*.test.{ts,tsx}',
            'test/lint/**/*.test.ts',
          ],
          // Both languages' strings, which the app loads on demand (frontend/src/i18n/i18n.ts).
          setupFiles: ['test/frontend/setup-i18n-strings.ts'],
          testTimeout: 120_000,
        },
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
          globalSetup: ['test/setup/stack.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
