/**
 * The opt-in offline copy of the directory (docs/frontend.md, "Installable app"): the last GET /api/directory
 * answer the viewer received (already filtered for them by the server), kept in IndexedDB only when they turned
 * "Keep a copy on this device" on, for read-only use without a network.
 * - Off by default; turning it off erases the copy at once.
 * - Sign-out erases it and turns the choice off (the next person on a shared device starts with nothing).
 * - The server saying the account lost access (accessEnded) erases it.
 * - A copy is only ever read back for the person it was kept for; anyone else's read erases it.
 * No other API answer is kept anywhere (the service worker never caches /api/).
 *
 * Loaded with a dynamic import by the sign-out path and the API client, so none of it weighs on the first page;
 * no zod here for the same reason (lib/directory/offline-directory.ts checks the copy's shape when it reads it).
 */
export const OFFLINE_DB_NAME = 'school-directory-offline';
const OFFLINE_STORE = 'copy';
const OFFLINE_KEY = 'directory';
/** localStorage: '1' when the person opted in on this device. A choice, not personal data. */
export const OFFLINE_PREFERENCE_KEY = 'offlineCopy';

export interface StoredCopy {
  /** The ID token's `sub` of the person it was fetched for. */
  user: string;
  /** When the server sent or confirmed it (epoch ms). */
  savedAt: number;
  data: unknown;
}

/** Where the copy lives: IndexedDB in the browser, memory in unit tests (jsdom has no IndexedDB). */
export interface CopyBackend {
  read: () => Promise<StoredCopy | null>;
  write: (copy: StoredCopy) => Promise<void>;
  erase: () => Promise<void>;
}

export interface PreferenceBackend {
  get: () => boolean;
  set: (on: boolean) => void;
}

/** Codes that mean "this account may no longer read the directory" (shared/contracts/error-codes.ts). */
const ACCESS_ENDED_CODES = new Set(['UNAUTHENTICATED', 'NOT_REGISTERED', 'EMAIL_NOT_VERIFIED']);

/**
 * Whether a refused API call says the account lost access: any 401, or a 403 whose code says the person is no
 * longer a registered, verified member. Other 403s (a member on an admin route, MFA_REQUIRED) leave the copy.
 */
export function accessEnded(status: number, code: string | undefined): boolean {
  return status === 401 || (status === 403 && code !== undefined && ACCESS_ENDED_CODES.has(code));
}

export class OfflineCopy {
  /** One operation at a time, in call order: an erase is never overtaken by a write still on its way. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly backend: CopyBackend,
    private readonly preference: PreferenceBackend,
  ) {}

  private run<T>(operation: () => Promise<T>): Promise<T> {
    const next = this.queue.then(operation, operation);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private changed(): void {
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  isEnabled(): boolean {
    return this.preference.get();
  }

  /** Turning it on keeps the next directory answer; turning it off erases the copy now. */
  async setEnabled(on: boolean): Promise<void> {
    this.preference.set(on);
    if (!on) await this.run(() => this.backend.erase());
    this.changed();
  }

  /** Keeps this answer for `user` when (still) opted in; checked when the write runs, after any erase before it. */
  async keep(user: string, data: unknown, savedAt: number): Promise<void> {
    await this.run(async () => {
      if (this.isEnabled()) await this.backend.write({ user, savedAt, data });
    });
    this.changed();
  }

  /** The copy kept for `user`; null when there is none or they did not opt in; someone else's copy is erased. */
  read(user: string): Promise<StoredCopy | null> {
    return this.run(async () => {
      // Not opted in: nothing to read, and whatever is there goes (without opening, so without creating, a database).
      if (!this.isEnabled()) {
        await this.backend.erase();
        return null;
      }
      const copy = await this.backend.read();
      if (!copy) return null;
      if (copy.user !== user) {
        await this.backend.erase();
        return null;
      }
      return copy;
    });
  }

  /** When the copy was kept, for whoever is asking (the setting shows it); null when there is none. */
  savedAt(user: string): Promise<number | null> {
    return this.read(user).then((copy) => copy?.savedAt ?? null);
  }

  /** Access ended or the copy is unreadable: erase it, keep the choice. */
  async erase(): Promise<void> {
    await this.run(() => this.backend.erase());
    this.changed();
  }

  /** Sign-out: the choice goes with the session, and so does the copy. */
  async endSession(): Promise<void> {
    this.preference.set(false);
    await this.erase();
  }
}

export function memoryBackend(): CopyBackend & { stored: () => StoredCopy | null } {
  let stored: StoredCopy | null = null;
  return {
    read: async () => (stored ? structuredClone(stored) : null),
    write: async (copy) => void (stored = structuredClone(copy)),
    erase: async () => void (stored = null),
    stored: () => stored,
  };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** IndexedDB: one database, one store, one record; erasing deletes the whole database. */
export function indexedDbBackend(factory: IDBFactory | undefined = globalThis.indexedDB): CopyBackend {
  const open = (): Promise<IDBDatabase> => {
    if (!factory) return Promise.reject(new Error('IndexedDB unavailable'));
    const req = factory.open(OFFLINE_DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(OFFLINE_STORE);
    return request(req);
  };
  const withStore = async <T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    try {
      return await request(use(db.transaction(OFFLINE_STORE, mode).objectStore(OFFLINE_STORE)));
    } finally {
      db.close();
    }
  };
  return {
    async read() {
      if (!factory) return null;
      const value = (await withStore('readonly', (store) => store.get(OFFLINE_KEY))) as Partial<StoredCopy> | undefined;
      if (!value || typeof value.user !== 'string' || typeof value.savedAt !== 'number') return null;
      return { user: value.user, savedAt: value.savedAt, data: value.data };
    },
    async write(copy) {
      await withStore('readwrite', (store) => store.put(copy, OFFLINE_KEY));
    },
    async erase() {
      if (!factory) return;
      await new Promise<void>((resolve, reject) => {
        const req = factory.deleteDatabase(OFFLINE_DB_NAME);
        req.onsuccess = () => resolve();
        req.onerror = () => reject(req.error ?? new Error('IndexedDB delete failed'));
        // Another tab holds it open for a moment: the deletion completes when it closes; nothing to wait for.
        req.onblocked = () => resolve();
      });
    },
  };
}

export function localPreference(storage: () => Storage | undefined = () => globalThis.localStorage): PreferenceBackend {
  return {
    get: () => {
      try {
        return storage()?.getItem(OFFLINE_PREFERENCE_KEY) === '1';
      } catch {
        return false;
      }
    },
    set: (on) => {
      try {
        if (on) storage()?.setItem(OFFLINE_PREFERENCE_KEY, '1');
        else storage()?.removeItem(OFFLINE_PREFERENCE_KEY);
      } catch {
        // Storage disabled: nothing was kept either.
      }
    },
  };
}

/** The app's one offline copy. */
export const offlineCopy = new OfflineCopy(indexedDbBackend(), localPreference());
