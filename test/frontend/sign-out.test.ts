// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Sign-out leaves no token of the session on the device, whatever the identity library managed to do: its module
 * may fail to load, or a token refresh that finished late may have written the tokens back.
 */
const amplify = vi.hoisted(() => ({ signOut: vi.fn<() => Promise<void>>(), loadFails: false }));
vi.mock('../../frontend/src/lib/api/amplify', () => ({
  amplifyAuth: () => (amplify.loadFails ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ signOut: amplify.signOut })),
}));

const { endSession, STORED_SESSION_PREFIX } = await import('../../frontend/src/features/auth/api/cognito-auth');

const TOKEN_KEY = `${STORED_SESSION_PREFIX}client.parent@example.org.idToken`;

describe('sign-out', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(TOKEN_KEY, 'eyJ...');
    localStorage.setItem(`${STORED_SESSION_PREFIX}client.LastAuthUser`, 'parent@example.org');
    localStorage.setItem('i18nextLng', 'fr');
    amplify.loadFails = false;
    amplify.signOut.mockReset();
  });
  afterEach(() => localStorage.clear());

  it('removes the stored tokens even when the identity library does not', async () => {
    amplify.signOut.mockResolvedValue(undefined);
    await endSession();
    expect(amplify.signOut).toHaveBeenCalledOnce();
    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
  });

  it('removes them when the identity library cannot be loaded, and still reports the failure', async () => {
    amplify.loadFails = true;
    await expect(endSession()).rejects.toThrow(TypeError);
    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
  });

  it('removes them when the library fails mid-way', async () => {
    amplify.signOut.mockRejectedValue(new Error('NetworkError'));
    await expect(endSession()).rejects.toThrow('NetworkError');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
