import { afterAll, afterEach, vi } from 'vitest';

/**
 * The unit projects' files share one module cache and one global scope per worker (isolate: false, vitest.config.ts).
 * After each test, the real clock, globals and environment variables are back, whether or not the test put them
 * back itself: a file that fakes timers or stubs `navigator` or TABLE_NAME leaves nothing to the next file. A stub
 * for a whole file is made in its beforeEach, not its beforeAll (test/lint/restore-stubs.test.ts).
 */
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/**
 * The browser's storage is shared too: a file that switched the app's language (saved in localStorage) left it to
 * the next file on the worker (a clean run's unsubscribe page then found « en » saved). Each file ends with it empty.
 */
afterAll(() => {
  // jsdom's; a node file has none (this setup file is typed without the DOM's names).
  (globalThis as { localStorage?: { clear: () => void } }).localStorage?.clear();
});
