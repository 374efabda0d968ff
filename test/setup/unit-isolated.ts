/**
 * Unit files that mock or reset modules (vi.mock, vi.doMock, vi.resetModules), stub globals or environment
 * variables (vi.stubGlobal, vi.stubEnv, directly or through a support file) or fake the clock (vi.useFakeTimers):
 * each keeps a module cache of its own (the `unit-isolated` project, vitest.config.ts), so what it replaces never
 * meets, or is met by, another file's modules. test/lint/unit-isolation.test.ts fails when a unit file does one of
 * these and is not listed here.
 */
export const UNIT_ISOLATED_FILES = [
  'test/frontend/auth-email-validation.test.ts',
  'test/frontend/auth-retry.test.ts',
  'test/frontend/config-error.test.tsx',
  'test/frontend/directory-contact.test.tsx',
  'test/frontend/directory-store.test.ts',
  'test/frontend/lazy-with-reload.test.ts',
  'test/frontend/sign-out.test.ts',
  'test/shared/import-match.test.ts',
  'test/shared/import-plan.test.ts',
];
