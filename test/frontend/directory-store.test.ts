// @vitest-environment jsdom
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Amplify } from 'aws-amplify';
import { fetchDirectory } from '../../frontend/src/lib/directory/directory-client';
import { CACHE_PREFIX, createDirectoryCache } from '../../frontend/src/lib/directory/directory-cache';
import { DirectoryStore, REVALIDATE_AFTER_MS } from '../../frontend/src/lib/directory/directory-store';
import { offlineDirectory } from '../../frontend/src/lib/directory/offline-directory';
import { memoryBackend, OfflineCopy } from '../../frontend/src/lib/offline/offline-copy-storage';
import { FIXTURE } from './directory-fixture';

/**
 * The directory store against a real loopback HTTP server that speaks like GET /api/directory (strong ETag,
 * 304 on If-None-Match), with jsdom's real localStorage: the kept copy, revalidation, errors, user switches.
 */
interface Api {
  url: string;
  requests: IncomingHttpHeaders[];
  answer: (next: { status?: number; body?: string; etag?: string }) => void;
  /** Holds every response until `release` (to look at the store while a request is in flight). */
  hold: () => () => void;
  close: () => Promise<void>;
}

async function startApi(): Promise<Api> {
  let current = { status: 200, body: JSON.stringify(FIXTURE), etag: '"v1"' };
  let gate: Promise<void> = Promise.resolve();
  const requests: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.headers);
    void gate.then(() => {
      if (current.status === 200 && req.headers['if-none-match'] === current.etag) {
        res.writeHead(304, { etag: current.etag }).end();
        return;
      }
      res.writeHead(current.status, { 'content-type': 'application/json', etag: current.etag }).end(current.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    requests,
    answer: (next) => (current = { ...current, ...next }),
    hold: () => {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = Promise.resolve();
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let api: Api;
let now = 1_000_000;
let user: string | null = 'user-a';

function newStore(apiUrl = api.url, offline?: OfflineCopy) {
  return new DirectoryStore({
    fetchDirectory: (etag) => fetchDirectory(apiUrl, etag),
    currentUser: async () => user,
    // With an offline copy, as in the browser: no localStorage copy besides it.
    cache: createDirectoryCache(offline ? null : window.localStorage),
    ...(offline ? { offline: offlineDirectory(offline) } : {}),
    now: () => now,
  });
}
/** The kept copy is written just after the screens repaint (a zero-delay timer). */
const copyKept = () => new Promise((resolve) => setTimeout(resolve, 10));
const keptKeys = () => Object.keys(window.localStorage).filter((key) => key.startsWith(CACHE_PREFIX));

beforeAll(async () => {
  // No user pool to talk to: Amplify just finds nobody signed in, and the request goes without a token.
  Amplify.configure({ Auth: { Cognito: { userPoolId: 'ca-central-1_test', userPoolClientId: 'testclient' } } });
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.answer({ status: 200, body: JSON.stringify(FIXTURE), etag: '"v1"' });
  user = 'user-a';
});
afterEach(() => window.localStorage.clear());

describe('directory store', () => {
  it('loads, keeps a copy for this user, and revalidates it with If-None-Match (304 keeps the same copy)', async () => {
    const store = newStore();
    await store.load();
    const first = store.getState().data;
    expect(first).toEqual(FIXTURE);
    expect(store.getState()).toMatchObject({ source: 'server', loading: false, error: null });
    expect(api.requests[0]!['if-none-match']).toBeUndefined();
    await copyKept();
    expect(keptKeys()).toEqual([`${CACHE_PREFIX}user-a`]);

    // A screen opened a moment later reuses the answer without asking.
    await store.load();
    expect(api.requests).toHaveLength(1);

    now += REVALIDATE_AFTER_MS;
    await store.load();
    expect(api.requests[1]!['if-none-match']).toBe('"v1"');
    // Same object: the indexes built from it are reused, nothing re-renders for nothing.
    expect(store.getState().data).toBe(first);
  });

  it('asks the server again on a forced load, even within the reuse window (a write named the directory)', async () => {
    // A write that can change the directory names `directoryKey`; the query then runs a forced load
    // (lib/directory/use-directory.ts; test/frontend/directory-query.test.tsx drives that through the cache).
    const store = newStore();
    await store.load();
    await store.load();
    expect(api.requests).toHaveLength(1);
    await store.load(true);
    expect(api.requests).toHaveLength(2);
    expect(api.requests.at(-1)!['if-none-match']).toBe('"v1"');
  });

  it('shows the kept copy before the server answers, then the newer directory', async () => {
    await newStore().load();
    await copyKept();

    const store = newStore();
    const changed = { ...FIXTURE, committees: [] };
    api.answer({ body: JSON.stringify(changed), etag: '"v2"' });
    const release = api.hold();
    const loading = store.load();
    await vi.waitFor(() => expect(store.getState().data).toEqual(FIXTURE));
    expect(store.getState()).toMatchObject({ source: 'cache', loading: true });
    release();
    await loading;

    expect(api.requests.at(-1)!['if-none-match']).toBe('"v1"');
    expect(store.getState()).toMatchObject({ data: changed, source: 'server', error: null });
  });

  it("never shows one person's copy to another, and keeps only the last person's", async () => {
    await newStore().load();
    await copyKept();

    user = 'user-b';
    const store = newStore();
    const release = api.hold();
    const loading = store.load();
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    expect(store.getState().data).toBeNull();
    expect(api.requests[1]!['if-none-match']).toBeUndefined();
    release();
    await loading;
    await copyKept();

    expect(keptKeys()).toEqual([`${CACHE_PREFIX}user-b`]);
  });

  it('keeps the copy on screen when a refresh fails, and reports why', async () => {
    const store = newStore();
    await store.load();
    api.answer({ status: 503, body: JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE' } }), etag: '"err"' });

    await store.load(true);

    expect(store.getState()).toMatchObject({
      data: FIXTURE,
      error: { kind: 'http', status: 503, code: 'SERVICE_UNAVAILABLE' },
    });
    // Retry once the server is back: the error goes away.
    api.answer({ status: 200, body: JSON.stringify(FIXTURE), etag: '"v1"' });
    await store.load(true);
    expect(store.getState().error).toBeNull();
  });

  it.each([401, 403])('drops the copy, on screen and stored, when the API answers %i (access ended)', async (status) => {
    const store = newStore();
    await store.load();
    await copyKept();
    expect(keptKeys()).toHaveLength(1);
    api.answer({ status, body: JSON.stringify({ error: { code: status === 401 ? 'UNAUTHENTICATED' : 'NOT_REGISTERED' } }) });

    await store.load(true);

    expect(store.getState()).toMatchObject({ data: null, source: null, error: { kind: 'http', status } });
    expect(keptKeys()).toEqual([]);
  });

  it('in the app, keeps no copy on the device and erases one an earlier build left', async () => {
    window.localStorage.setItem(`${CACHE_PREFIX}user-old`, JSON.stringify({ data: FIXTURE, etag: '"v0"', savedAt: 1 }));
    vi.resetModules();
    const { directoryStore, configureDirectoryStore } = await import('../../frontend/src/lib/directory/directory-store');
    expect(keptKeys()).toEqual([]);
    configureDirectoryStore(api.url);
    await directoryStore.load();
    await copyKept();
    expect(directoryStore.getState().data).toEqual(FIXTURE);
    expect(keptKeys()).toEqual([]);
  });

  it('tells an unreachable server and a malformed answer apart, with nothing to show', async () => {
    const unreachable = newStore('http://127.0.0.1:9/api');
    await unreachable.load();
    expect(unreachable.getState()).toMatchObject({ data: null, error: { kind: 'network' } });

    api.answer({ body: JSON.stringify({ classes: 'nope' }) });
    const malformed = newStore();
    await malformed.load();
    expect(malformed.getState()).toMatchObject({ data: null, error: { kind: 'format' } });
  });

  it('forgets everything on sign-out, including an answer still on its way', async () => {
    const store = newStore();
    await store.load();
    await copyKept();

    now += REVALIDATE_AFTER_MS;
    const release = api.hold();
    const late = store.load(true);
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    store.reset();
    release();
    await late;

    expect(store.getState()).toEqual({ data: null, source: null, savedAt: null, loading: false, error: null });
    expect(keptKeys()).toEqual([]);
  });
});

describe('directory store with the opt-in offline copy', () => {
  const UNREACHABLE = 'http://127.0.0.1:9/api';
  async function optedIn() {
    const backend = memoryBackend();
    const copy = new OfflineCopy(backend, (() => {
      let on = false;
      return { get: () => on, set: (next: boolean) => void (on = next) };
    })());
    await copy.setEnabled(true);
    return { backend, copy };
  }

  it('keeps the answer when opted in, and shows it read-only (with its date) when the network is down', async () => {
    const { backend, copy } = await optedIn();
    await newStore(api.url, copy).load();
    await vi.waitFor(() => expect(backend.stored()).toMatchObject({ user: 'user-a', savedAt: now, data: FIXTURE }));

    const offline = newStore(UNREACHABLE, copy);
    await offline.load();
    expect(offline.getState()).toMatchObject({ data: FIXTURE, source: 'offline', savedAt: now, error: { kind: 'network' } });

    // Back online: the server's answer replaces the copy on screen.
    offline.setDeps({ fetchDirectory: (etag) => fetchDirectory(api.url, etag), currentUser: async () => user, cache: createDirectoryCache(null), offline: offlineDirectory(copy), now: () => now });
    await offline.load(true);
    expect(offline.getState()).toMatchObject({ source: 'server', savedAt: null, error: null });
  });

  it('keeps nothing without the opt-in, so a network failure shows the error', async () => {
    const backend = memoryBackend();
    const copy = new OfflineCopy(backend, { get: () => false, set: () => undefined });
    await newStore(api.url, copy).load();
    await copyKept();
    expect(backend.stored()).toBeNull();
    const offline = newStore(UNREACHABLE, copy);
    await offline.load();
    expect(offline.getState()).toMatchObject({ data: null, source: null, error: { kind: 'network' } });
  });

  it("never shows one person's offline copy to another", async () => {
    const { backend, copy } = await optedIn();
    await newStore(api.url, copy).load();
    await vi.waitFor(() => expect(backend.stored()).not.toBeNull());
    user = 'user-b';
    const offline = newStore(UNREACHABLE, copy);
    await offline.load();
    expect(offline.getState()).toMatchObject({ data: null, error: { kind: 'network' } });
    expect(backend.stored()).toBeNull();
  });

  it.each([401, 403])('erases the offline copy when the API answers %i', async (status) => {
    const { backend, copy } = await optedIn();
    const store = newStore(api.url, copy);
    await store.load();
    await vi.waitFor(() => expect(backend.stored()).not.toBeNull());
    api.answer({ status, body: JSON.stringify({ error: { code: status === 401 ? 'UNAUTHENTICATED' : 'NOT_REGISTERED' } }) });
    await store.load(true);
    await vi.waitFor(() => expect(backend.stored()).toBeNull());
  });

  it('erases the offline copy on sign-out, and a late answer does not bring it back', async () => {
    const { backend, copy } = await optedIn();
    const store = newStore(api.url, copy);
    await store.load();
    await vi.waitFor(() => expect(backend.stored()).not.toBeNull());
    now += REVALIDATE_AFTER_MS;
    const release = api.hold();
    const late = store.load(true);
    await vi.waitFor(() => expect(api.requests.length).toBeGreaterThan(1));
    store.reset();
    release();
    await late;
    await copyKept();
    expect(backend.stored()).toBeNull();
  });
});
