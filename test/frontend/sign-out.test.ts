// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Sign-out leaves no token of the session on the device, whatever the identity library managed to do: its module
 * may fail to load, or a token refresh that finished late may have written the tokens back.
 */
const amplify = vi.hoisted(() => ({ signOut: vi.fn<() => Promise<void>>(), loadFails: false }));
vi.mock('../../frontend/src/lib/api/amplify', () => ({
  amplifyAuth: () =>
    amplify.loadFails
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve({ signOut: amplify.signOut, fetchUserAttributes: () => Promise.resolve({ email_verified: 'true' }) }),
  configureIdentity: () => false,
}));
const session = vi.hoisted(() => ({ readIdTokenClaims: vi.fn<(force?: boolean) => Promise<Record<string, unknown> | undefined>>() }));
vi.mock('../../frontend/src/lib/api/session', () => ({ readIdTokenClaims: session.readIdTokenClaims, idToken: () => Promise.resolve(undefined) }));

const { endSession } = await import('../../frontend/src/features/auth/api/cognito-auth');
const { STORED_SESSION_PREFIX } = await import('../../frontend/src/lib/api/stored-session');
const { AuthStore } = await import('../../frontend/src/features/auth/state/auth-store');

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

  it('forgets the session again when a token refresh under way lands after the sign-out (it stores the tokens back)', async () => {
    amplify.signOut.mockImplementation(() => Promise.resolve(localStorage.removeItem(TOKEN_KEY)));
    let land!: () => void;
    const landed = new Promise<void>((resolve) => (land = resolve));
    session.readIdTokenClaims.mockImplementation(async () => {
      await landed;
      // What Amplify does when a refresh succeeds: the new tokens go to storage.
      localStorage.setItem(TOKEN_KEY, 'eyJ...refreshed');
      return undefined;
    });
    const store = new AuthStore();
    const refreshing = store.refreshUser().catch(() => undefined);
    await vi.waitFor(() => expect(session.readIdTokenClaims).toHaveBeenCalledWith(true));
    const signingOut = store.signOut();
    setTimeout(land, 30);
    await signingOut;
    await refreshing;
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store.getState().user).toBeNull();
  });

  it('signs this tab out when another tab of the browser signed out, not when it only refreshed its tokens', async () => {
    amplify.signOut.mockResolvedValue(undefined);
    session.readIdTokenClaims.mockResolvedValue({ sub: 'u-1', email: 'parent@example.org', email_verified: true });
    const store = new AuthStore();
    await store.refreshUser();
    expect(store.getState().user).toMatchObject({ email: 'parent@example.org' });
    const lastUser = `${STORED_SESSION_PREFIX}client.LastAuthUser`;
    // The other tab's token refresh writes its keys again (an ID token replaced, the user written back).
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: 'eyJ...', newValue: 'eyJ...2' }));
    window.dispatchEvent(new StorageEvent('storage', { key: lastUser, oldValue: 'parent@example.org', newValue: 'parent@example.org' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().user).not.toBeNull();
    // Its sign-out removes them: this tab signs out as well, and its own tokens go.
    window.dispatchEvent(new StorageEvent('storage', { key: lastUser, oldValue: 'parent@example.org', newValue: null }));
    await vi.waitFor(() => expect(store.getState()).toMatchObject({ user: null, signedOut: true }));
    expect(amplify.signOut).toHaveBeenCalledOnce();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
