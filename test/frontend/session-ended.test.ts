// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIXTURE } from './directory-fixture';

/**
 * Access ending on the device (issue 34, item 11): when the server refuses the session's token (401 to any call that
 * sent one), the one API transport tells the auth store and the directory store: the person is signed out, the
 * session's tokens and the directory copy leave the browser, and the guard sends them to sign in saying the session
 * ended. A 403 (a decision about access, not the session) and a 401 to an update-link call (no session) leave it.
 * Only the identity library is replaced (no Cognito here); the API is a real loopback server.
 */
const amplify = vi.hoisted(() => ({ signOut: vi.fn<() => Promise<void>>() }));
vi.mock('../../frontend/src/lib/api/amplify', () => ({
  amplifyAuth: () =>
    Promise.resolve({ signOut: amplify.signOut, fetchUserAttributes: () => Promise.resolve({ email_verified: 'true' }) }),
  configureIdentity: () => false,
  configuredClientId: () => 'client',
}));
const CLAIMS = { sub: 'sub-anne', email: 'anne@example.org', email_verified: true };
/** A token refresh held until released, which then stores new tokens, as Amplify does when a refresh succeeds. */
const refresh = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock('../../frontend/src/lib/api/session', () => ({
  readIdTokenClaims: async (force?: boolean) => {
    if (force && refresh.held) {
      await refresh.held;
      localStorage.setItem(TOKEN_KEY, 'eyJ.refreshed');
    }
    return localStorage.getItem(TOKEN_KEY) ? CLAIMS : undefined;
  },
  idToken: () => Promise.resolve(localStorage.getItem(TOKEN_KEY) ?? undefined),
}));

const { ApiError, apiFetch } = await import('../../frontend/src/lib/api/api-client');
const { STORED_SESSION_PREFIX } = await import('../../frontend/src/lib/api/stored-session');
const { AuthStore } = await import('../../frontend/src/features/auth/state/auth-store');
const { configureDirectoryStore, directoryStore } = await import('../../frontend/src/lib/directory/directory-store');
const { decideGuard } = await import('../../frontend/src/features/auth/guards/guard-decision');

const TOKEN_KEY = `${STORED_SESSION_PREFIX}client.anne@example.org.idToken`;

/** The API: the directory, then a 401 as API Gateway's authoriser answers it (no error code), and a 403. */
let server: Server;
let api: string;
beforeAll(async () => {
  const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
  server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
    if (req.url === '/api/directory') return void res.writeHead(200, headers).end(JSON.stringify(FIXTURE));
    if (req.url === '/api/refused') return void res.writeHead(401, headers).end('{"message":"Unauthorized"}');
    res.writeHead(403, headers).end('{"error":{"code":"FORBIDDEN"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  configureDirectoryStore(api);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function signedInWithDirectory() {
  localStorage.setItem(TOKEN_KEY, 'eyJ.anne');
  localStorage.setItem(`${STORED_SESSION_PREFIX}client.LastAuthUser`, 'anne@example.org');
  const store = new AuthStore();
  store.configure({ mode: 'local', region: 'ca-central-1', userPoolId: 'local_x', userPoolClientId: 'client', apiBaseUrl: api, build: 't' } as never);
  await store.initialize();
  expect(store.getState().user?.uid).toBe('sub-anne');
  await directoryStore.load(true);
  expect(directoryStore.getState().data?.parents.length).toBeGreaterThan(0);
  return store;
}

describe('a 401 from the API', () => {
  beforeEach(() => {
    localStorage.clear();
    refresh.held = null;
    amplify.signOut.mockReset().mockResolvedValue(undefined);
  });
  afterEach(() => {
    directoryStore.reset();
    localStorage.clear();
  });

  it('signs the person out on the device: tokens and directory copy gone, the guard says the session ended', async () => {
    const store = await signedInWithDirectory();
    await expect(apiFetch(api, '/refused')).rejects.toMatchObject({ status: 401 });
    expect(store.getState()).toMatchObject({ user: null, sessionExpired: true, signedOut: false });
    expect(directoryStore.getState().data).toBeNull();
    await vi.waitFor(() => expect(amplify.signOut).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(Object.keys(localStorage).filter((key) => key.startsWith(STORED_SESSION_PREFIX))).toEqual([]));
    const { user, signedOut, sessionExpired } = store.getState();
    const at = { pathname: '/parents', search: '', hash: '' };
    expect(decideGuard('protected', at, user, signedOut, sessionExpired)).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fparents&expired=1',
    });
  });

  it("forgets the session again when the shell's forced refresh lands after the 401 (it stores the tokens back)", async () => {
    const store = await signedInWithDirectory();
    let land!: () => void;
    refresh.held = new Promise<void>((resolve) => (land = resolve));
    const checking = store.checkIdentityReachable();
    await expect(apiFetch(api, '/refused')).rejects.toMatchObject({ status: 401 });
    setTimeout(land, 30);
    await checking;
    await vi.waitFor(() => expect(Object.keys(localStorage).filter((key) => key.startsWith(STORED_SESSION_PREFIX))).toEqual([]));
    expect(store.getState().user).toBeNull();
  });

  // Signed out in another tab, the page still showed the person: a save answered 401 said only « réessayez ».
  it('ends the session on this page too when its tokens are gone from the device and a call is refused 401', async () => {
    const store = await signedInWithDirectory();
    localStorage.removeItem(TOKEN_KEY);
    await expect(apiFetch(api, '/refused')).rejects.toMatchObject({ status: 401 });
    expect(store.getState()).toMatchObject({ user: null, sessionExpired: true });
    expect(directoryStore.getState().data).toBeNull();
  });

  it('leaves the session alone after a 403, and after a 401 to a call that sent no token (the update link)', async () => {
    const store = await signedInWithDirectory();
    await expect(apiFetch(api, '/admin/x')).rejects.toMatchObject({ status: 403 });
    await expect(apiFetch(api, '/refused', { auth: false })).rejects.toBeInstanceOf(ApiError);
    expect(store.getState()).toMatchObject({ user: { uid: 'sub-anne' }, sessionExpired: false });
    expect(directoryStore.getState().data).not.toBeNull();
    expect(amplify.signOut).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('eyJ.anne');
  });

  it('is forgotten once the person signs in again', async () => {
    const store = await signedInWithDirectory();
    await expect(apiFetch(api, '/refused')).rejects.toMatchObject({ status: 401 });
    expect(store.getState().sessionExpired).toBe(true);
    // A new session read (what a sign-in ends with) finds a user: no "session ended" any more.
    localStorage.setItem(TOKEN_KEY, 'eyJ.anne2');
    const fresh = await store.refreshUser();
    expect(fresh?.uid).toBe('sub-anne');
    expect(store.getState().sessionExpired).toBe(false);
  });
});
