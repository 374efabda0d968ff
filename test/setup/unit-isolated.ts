/**
 * Unit files that run in the `unit-isolated` project (vitest.config.ts), each with a module cache of its own:
 * - files that mock or reset modules (vi.mock, vi.doMock, vi.resetModules), stub globals or environment variables
 *   (vi.stubGlobal, vi.stubEnv, directly or through a support file) or fake the clock (vi.useFakeTimers), so what
 *   they replace never meets, or is met by, another file's modules;
 * - files that render the whole app (frontend/src/app/app.tsx, its router, test/frontend/render-app.tsx): the app
 *   keeps per-page state in its modules (the runtime configuration's first load, Amplify's configuration, the email
 *   validators), made for one app per page load, and each file serves its own configuration.
 * test/lint/unit-isolation.test.ts fails when a unit file does one of these and is not listed here.
 */
export const UNIT_ISOLATED_FILES = [
  'test/frontend/annual-update-page.test.tsx',
  'test/frontend/app-shell.test.tsx',
  'test/frontend/auth-forms.test.tsx',
  'test/frontend/auth-guards.test.tsx',
  'test/frontend/language-selector.test.tsx',
  'test/frontend/auth-email-validation.test.ts',
  'test/frontend/auth-retry.test.ts',
  'test/frontend/config-error.test.tsx',
  'test/frontend/directory-contact.test.tsx',
  'test/frontend/directory-store.test.ts',
  'test/frontend/first-screen.test.tsx',
  'test/frontend/help-and-diagnostics.test.tsx',
  'test/frontend/lazy-with-reload.test.ts',
  'test/frontend/sign-out.test.ts',
  'test/frontend/session-ended.test.ts',
  // Sets the process's time zone (process.env.TZ) to show the school's dates from another zone.
  'test/frontend/school-time-zone.test.tsx',
  'test/frontend/navigation.test.tsx',
  'test/frontend/query-provider.test.tsx',
  'test/shared/import-match.test.ts',
  'test/shared/import-plan.test.ts',
];
