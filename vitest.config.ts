import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 * - unit: pure code (shared rules, CDK assertions, React components in jsdom). No emulator.
 * - stack: everything that talks to the real local stack (DynamoDB Local, cognito-local, the SES emulator,
 *   the local gateway, Chromium). One in-memory stack is started for the whole run by test/setup/stack.ts.
 */
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/shared/**/*.test.ts', 'test/lib/**/*.test.ts', 'test/frontend/**/*.test.{ts,tsx}'],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['test/lambdas/**/*.test.ts', 'test/local/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/setup/stack.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
