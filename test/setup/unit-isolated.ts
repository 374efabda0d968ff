/**
 * Unit files that run in the `unit-isolated` project (vitest.config.ts), each with a module cache of its own:
 * - files that mock or reset modules (vi.mock, vi.doMock, vi.resetModules), so the module they replace never meets,
 *   or is met by, another file's copy of it;
 * - files that render the whole app (frontend/src/app/app.tsx, its router, test/frontend/render-app.tsx): the app
 *   keeps per-page state in its modules (the runtime configuration's first load, Amplify's configuration, the email
 *   validators), made for one app per page load, and each file serves its own configuration.
 * test/lint/unit-isolation.test.ts fails when a unit file does one of these and is not listed here. A file that
 * fakes the clock or stubs a global or an environment variable stays in `unit`: test/setup/restore-stubs.ts puts
 * them back after each of its tests, so the next file of the worker finds the real ones.
 */
export const UNIT_ISOLATED_FILES = [
  'test/frontend/annual-update-page.test.tsx',
  'test/frontend/app-shell.test.tsx',
  'test/frontend/auth-forms.test.tsx',
  'test/frontend/auth-guards.test.tsx',
  'test/frontend/language-selector.test.tsx',
  'test/frontend/config-error.test.tsx',
  'test/frontend/directory-store.test.ts',
  'test/frontend/first-screen.test.tsx',
  'test/frontend/help-and-diagnostics.test.tsx',
  'test/frontend/sign-out.test.ts',
  'test/frontend/session-ended.test.ts',
  'test/frontend/navigation.test.tsx',
  'test/frontend/query-provider.test.tsx',
];
