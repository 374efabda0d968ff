import { describe, expect, it } from 'vitest';
import { offlineDirectory } from '../../frontend/src/lib/directory/offline-directory';
import {
  accessEnded,
  localPreference,
  memoryBackend,
  OfflineCopy,
  type PreferenceBackend,
} from '../../frontend/src/lib/offline/offline-copy-storage';
import { FIXTURE } from './directory-fixture';

/**
 * The opt-in offline copy's rules (lib/offline/offline-copy-storage.ts) on an in-memory backend: jsdom has no
 * IndexedDB; the IndexedDB backend itself runs in Chromium (test/e2e/installable.test.ts).
 */
function memoryPreference(): PreferenceBackend & { value: () => boolean } {
  let on = false;
  return { get: () => on, set: (next) => void (on = next), value: () => on };
}

function setup() {
  const backend = memoryBackend();
  const preference = memoryPreference();
  return { backend, preference, copy: new OfflineCopy(backend, preference) };
}

describe('offline copy rules', () => {
  it('keeps nothing until the person opts in (off by default)', async () => {
    const { backend, copy } = setup();
    expect(copy.isEnabled()).toBe(false);
    await copy.keep('user-a', FIXTURE, 1);
    expect(backend.stored()).toBeNull();
    expect(await copy.read('user-a')).toBeNull();
  });

  it('keeps the last answer for the person who opted in, and reads it back for them only', async () => {
    const { backend, copy } = setup();
    await copy.setEnabled(true);
    await copy.keep('user-a', { ...FIXTURE, committees: [] }, 1);
    await copy.keep('user-a', FIXTURE, 2);
    expect(await copy.read('user-a')).toEqual({ user: 'user-a', savedAt: 2, data: FIXTURE });
    expect(await copy.savedAt('user-a')).toBe(2);

    // Someone else signed in on this device: they never see it, and it is gone.
    expect(await copy.read('user-b')).toBeNull();
    expect(backend.stored()).toBeNull();
  });

  it('erases the copy at once when turned off', async () => {
    const { backend, copy } = setup();
    await copy.setEnabled(true);
    await copy.keep('user-a', FIXTURE, 1);
    await copy.setEnabled(false);
    expect(backend.stored()).toBeNull();
    expect(copy.isEnabled()).toBe(false);
  });

  it('at sign-out erases the copy and the choice, even with a write still queued before it', async () => {
    const { backend, preference, copy } = setup();
    await copy.setEnabled(true);
    const write = copy.keep('user-a', FIXTURE, 1);
    const end = copy.endSession();
    // A write that arrives after the sign-out (a late answer) keeps nothing: the choice is off.
    const late = copy.keep('user-a', FIXTURE, 2);
    await Promise.all([write, end, late]);
    expect(backend.stored()).toBeNull();
    expect(preference.value()).toBe(false);
  });

  it('erases when access ends but keeps the choice (the next answer would be kept again)', async () => {
    const { backend, copy } = setup();
    await copy.setEnabled(true);
    await copy.keep('user-a', FIXTURE, 1);
    await copy.erase();
    expect(backend.stored()).toBeNull();
    expect(copy.isEnabled()).toBe(true);
  });

  it('erases whatever is stored when read while not opted in', async () => {
    const { backend, copy } = setup();
    await backend.write({ user: 'user-a', savedAt: 1, data: FIXTURE });
    expect(await copy.read('user-a')).toBeNull();
    expect(backend.stored()).toBeNull();
  });

  it('tells listeners about every change (the setting shows the date of the copy)', async () => {
    const { copy } = setup();
    let calls = 0;
    const unsubscribe = copy.subscribe(() => calls++);
    await copy.setEnabled(true);
    await copy.keep('user-a', FIXTURE, 1);
    await copy.endSession();
    unsubscribe();
    await copy.erase();
    expect(calls).toBe(3);
  });

  it.each([
    [401, 'UNAUTHENTICATED', true],
    [401, undefined, true],
    [403, 'NOT_REGISTERED', true],
    [403, 'EMAIL_NOT_VERIFIED', true],
    [403, 'FORBIDDEN', false],
    [403, 'MFA_REQUIRED', false],
    [403, undefined, false],
    [404, 'NOT_FOUND', false],
    [409, 'CONFLICT', false],
    [503, 'SERVICE_UNAVAILABLE', false],
  ] as const)('a %i %s says access ended: %s', (status, code, ended) => {
    expect(accessEnded(status, code)).toBe(ended);
  });

  it('stores the choice as a flag in localStorage, removed when off', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => void values.set(k, v),
      removeItem: (k: string) => void values.delete(k),
    } as unknown as Storage;
    const preference = localPreference(() => storage);
    expect(preference.get()).toBe(false);
    preference.set(true);
    expect([...values.entries()]).toEqual([['offlineCopy', '1']]);
    preference.set(false);
    expect(values.size).toBe(0);
    // Storage refused (private mode): off, and no throw.
    const broken = localPreference(() => {
      throw new Error('SecurityError');
    });
    expect(broken.get()).toBe(false);
    expect(() => broken.set(true)).not.toThrow();
  });
});

describe('the directory view of the copy', () => {
  it('reads back a copy that matches the contract, and erases one that does not', async () => {
    const { backend, copy } = setup();
    const directory = offlineDirectory(copy);
    await copy.setEnabled(true);
    await directory.keep('user-a', FIXTURE, 5);
    expect(await directory.read('user-a')).toEqual({ data: FIXTURE, savedAt: 5 });

    await backend.write({ user: 'user-a', savedAt: 6, data: { classes: 'from an older build' } });
    expect(await directory.read('user-a')).toBeNull();
    expect(backend.stored()).toBeNull();
  });
});
