import { Hub } from 'aws-amplify/utils';
import type { DirectoryResponse } from '@shared/contracts/directory-api';
import { ApiError, ApiFormatError, onSessionEnded } from '../api/api-client';
import { currentUserKey, fetchDirectory, type DirectoryFetchResult } from './directory-client';
import { createDirectoryCache, type DirectoryCache } from './directory-cache';
import { offlineDirectory, type OfflineDirectoryCopy } from './offline-directory';
import { offlineCopy } from '../offline/offline-copy-storage';

/** Why the last load failed: the browser could not reach the API, the API refused, or it sent nonsense. */
export type DirectoryError =
  | { kind: 'network' }
  | { kind: 'http'; status: number; code?: string }
  | { kind: 'format' };

export interface DirectoryState {
  data: DirectoryResponse | null;
  /**
   * Where `data` comes from: the server in this session, the copy kept from an earlier visit, or the opt-in
   * offline copy shown read-only because the network is down (`savedAt` says from when).
   */
  source: 'server' | 'cache' | 'offline' | null;
  /** With `source: 'offline'`: when the server sent that copy (epoch ms). */
  savedAt: number | null;
  /** A request to the server is in flight (screens keep showing `data` meanwhile). */
  loading: boolean;
  /** The last load's failure, cleared by the next success. With `data` present, the screens show it as stale. */
  error: DirectoryError | null;
}

export interface DirectoryStoreDeps {
  fetchDirectory: (etag: string | null) => Promise<DirectoryFetchResult>;
  currentUser: () => Promise<string | null>;
  cache: DirectoryCache;
  /** The opt-in offline copy (none in tests that do not exercise it). */
  offline?: OfflineDirectoryCopy;
  now: () => number;
}

/**
 * The directory's query key (lib/directory/use-directory.ts): a write that can change what the directory shows
 * names it in its `invalidates` (docs/frontend.md, "Server state").
 */
export const directoryKey = ['directory'] as const;

/** Screens opened within this delay of the last server answer reuse it without asking again. */
export const REVALIDATE_AFTER_MS = 30_000;

const INITIAL: DirectoryState = { data: null, source: null, savedAt: null, loading: false, error: null };

export function toDirectoryError(error: unknown): DirectoryError {
  if (error instanceof ApiError) {
    return { kind: 'http', status: error.status, ...(error.code ? { code: error.code } : {}) };
  }
  if (error instanceof ApiFormatError) return { kind: 'format' };
  return { kind: 'network' };
}

/**
 * The directory as every screen sees it: the copy kept from the last visit at once, then the server's answer.
 * Each screen asks for a load when it opens; a load sends the copy's ETag (If-None-Match), so an unchanged
 * directory costs a 304 with an empty body. One request at a time, shared by every screen that asks.
 */
export class DirectoryStore {
  private state: DirectoryState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private user: string | null | undefined;
  private etag: string | null = null;
  private checkedAt: number | null = null;
  private inflight: Promise<void> | undefined;
  private generation = 0;

  constructor(private deps: DirectoryStoreDeps) {}

  getState = (): DirectoryState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<DirectoryState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  /** New dependencies (another API base); the copy in memory stays, the next load asks the new server. */
  setDeps(deps: DirectoryStoreDeps): void {
    this.deps = deps;
    this.checkedAt = null;
  }

  /** Loads unless the server answered less than REVALIDATE_AFTER_MS ago; `force` (the Retry button) always asks. */
  load(force = false): Promise<void> {
    if (this.inflight) return this.inflight;
    const run: Promise<void> = this.run(force).finally(() => {
      if (this.inflight === run) this.inflight = undefined;
    });
    this.inflight = run;
    return run;
  }

  private async run(force: boolean): Promise<void> {
    const generation = this.generation;
    const user = await this.deps.currentUser();
    if (generation !== this.generation) return;
    if (user !== this.user) this.switchUser(user);
    if (!force && this.checkedAt !== null && this.deps.now() - this.checkedAt < REVALIDATE_AFTER_MS) return;

    this.set({ loading: true });
    try {
      const result = await this.deps.fetchDirectory(this.etag);
      if (generation !== this.generation) return;
      this.checkedAt = this.deps.now();
      if (result.kind === 'fresh') {
        this.etag = result.etag;
        this.set({ data: result.data, source: 'server', savedAt: null, loading: false, error: null });
        if (user) this.keep(user, { data: result.data, etag: result.etag, savedAt: this.checkedAt });
      } else {
        this.set({ source: 'server', savedAt: null, loading: false, error: null });
      }
      if (user && this.state.data) this.keepOffline(user, this.state.data, this.checkedAt);
    } catch (error) {
      if (generation !== this.generation) return;
      const failure = toDirectoryError(error);
      // Access ended (account removed, no longer registered, signed out elsewhere): the copy goes at once.
      if (failure.kind === 'http' && (failure.status === 401 || failure.status === 403)) {
        this.etag = null;
        this.checkedAt = null;
        this.deps.cache.clear();
        void this.deps.offline?.erase().catch(() => undefined);
        this.set({ data: null, source: null, savedAt: null, loading: false, error: failure });
        return;
      }
      if (failure.kind === 'network' && user && (await this.showOffline(user, generation, failure))) return;
      if (generation !== this.generation) return;
      this.set({ loading: false, error: failure });
    }
  }

  /**
   * The network is down and nothing from the server is on screen this session: the opt-in offline copy, if this
   * person kept one, is shown read-only. True when it is.
   */
  private async showOffline(user: string, generation: number, failure: DirectoryError): Promise<boolean> {
    if (!this.deps.offline || this.state.source === 'server') return false;
    const kept = await this.deps.offline.read(user).catch(() => null);
    if (!kept || generation !== this.generation || this.user !== user) return false;
    this.set({ data: kept.data, source: 'offline', savedAt: kept.savedAt, loading: false, error: failure });
    return true;
  }

  /** The server's answer, kept for offline use when the person opted in (the copy checks it), after repainting. */
  private keepOffline(user: string, data: DirectoryResponse, savedAt: number): void {
    const generation = this.generation;
    setTimeout(() => {
      if (this.user === user && generation === this.generation) void this.deps.offline?.keep(user, data, savedAt).catch(() => undefined);
    }, 0);
  }

  /** Another person signed in (or nobody): never show the previous person's copy, show this person's if kept. */
  private switchUser(user: string | null): void {
    this.user = user;
    const kept = user ? this.deps.cache.read(user) : null;
    this.etag = kept?.etag ?? null;
    this.checkedAt = null;
    this.set({ data: kept?.data ?? null, source: kept ? 'cache' : null, savedAt: null, error: null });
  }

  /** Saving ~800 KB of JSON takes a few milliseconds: done after the screens have repainted. */
  private keep(user: string, entry: Parameters<DirectoryCache['write']>[1]): void {
    setTimeout(() => {
      if (this.user === user) this.deps.cache.write(user, entry);
    }, 0);
  }

  /** Sign-out: forget the copy in memory and in storage; a load in flight is ignored when it lands. */
  reset(): void {
    this.generation++;
    this.user = undefined;
    this.etag = null;
    this.checkedAt = null;
    this.inflight = undefined;
    this.deps.cache.clear();
    void this.deps.offline?.erase().catch(() => undefined);
    // Whatever the deps: no copy an earlier build wrote may outlive the session.
    createDirectoryCache().clear();
    this.set(INITIAL);
  }
}

/**
 * In the browser the directory lives in memory, plus the opt-in offline copy in IndexedDB when the person turned it
 * on (lib/offline/offline-copy-storage.ts). Copies an earlier build left in localStorage are erased at start-up.
 */
function browserDeps(apiBaseUrl: string): DirectoryStoreDeps {
  return {
    fetchDirectory: (etag) => fetchDirectory(apiBaseUrl, etag),
    currentUser: currentUserKey,
    cache: createDirectoryCache(null),
    offline: offlineDirectory(offlineCopy),
    now: Date.now,
  };
}
createDirectoryCache().clear();

let configuredBase: string | undefined;

/** The app's one directory store. */
export const directoryStore = new DirectoryStore(browserDeps('/api'));

export function configureDirectoryStore(apiBaseUrl: string): void {
  if (configuredBase === apiBaseUrl) return;
  configuredBase = apiBaseUrl;
  directoryStore.setDeps(browserDeps(apiBaseUrl));
}

// The server refused the session's token on any call (401): the copy goes at once, whatever screen asked.
onSessionEnded(() => directoryStore.reset());

// Amplify announces every sign-out (ours or another tab's session ending): the copy goes with the session.
Hub.listen('auth', ({ payload }) => {
  if (payload.event === 'signedOut') directoryStore.reset();
});
