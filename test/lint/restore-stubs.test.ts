import { describe, expect, it, vi } from 'vitest';

/**
 * test/setup/restore-stubs.ts: a unit file's faked clock and stubbed globals and environment variables end with the
 * test that made them, so the next test, and the next file on the worker (the unit project shares one global scope
 * per worker), finds the real ones. The first test leaves its stubs in place on purpose; the second reads what is left.
 */
const realSetTimeout = globalThis.setTimeout;
const KEY = 'RESTORE_STUBS_PROBE';

describe('stubs made in a unit test', () => {
  it('are left in place by the test that made them', () => {
    vi.useFakeTimers();
    vi.stubGlobal('restoreStubsProbe', 'stubbed');
    vi.stubEnv(KEY, 'stubbed');
    expect(vi.isFakeTimers()).toBe(true);
    expect(globalThis.setTimeout).not.toBe(realSetTimeout);
  });

  it('are gone by the next test', () => {
    expect(vi.isFakeTimers()).toBe(false);
    expect(globalThis.setTimeout).toBe(realSetTimeout);
    expect('restoreStubsProbe' in globalThis).toBe(false);
    expect(process.env[KEY]).toBeUndefined();
  });
});
