import { DirectoryResponseSchema, type DirectoryResponse } from '@shared/contracts/directory-api';

/**
 * A kept directory copy, under the signed-in user's id: a copy is only ever shown to the person it was fetched
 * for, and at most one is kept. The browser app keeps none on the device (directory-store.ts passes no storage):
 * `createDirectoryCache()` on the browser's localStorage only serves to erase copies older builds wrote there.
 * Sign-out and any 401/403 clear it.
 */
export const CACHE_PREFIX = 'directory.v1.';

export interface CachedDirectory {
  data: DirectoryResponse;
  etag: string | null;
  /** When the server last sent or confirmed this copy (epoch ms). */
  savedAt: number;
}

type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface DirectoryCache {
  read: (user: string) => CachedDirectory | null;
  write: (user: string, entry: CachedDirectory) => void;
  clear: () => void;
}

function browserStorage(): CacheStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createDirectoryCache(storage: CacheStorage | null = browserStorage()): DirectoryCache {
  const keys = () => {
    if (!storage) return [];
    const found: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(CACHE_PREFIX)) found.push(key);
    }
    return found;
  };
  const clear = () => keys().forEach((key) => storage?.removeItem(key));

  return {
    read(user) {
      try {
        const raw = storage?.getItem(CACHE_PREFIX + user);
        if (!raw) return null;
        const entry = JSON.parse(raw) as Partial<CachedDirectory>;
        // A copy written by an older build may not match today's contract: drop it rather than crash a screen.
        const parsed = DirectoryResponseSchema.safeParse(entry.data);
        if (!parsed.success || typeof entry.savedAt !== 'number') return null;
        return { data: parsed.data, etag: typeof entry.etag === 'string' ? entry.etag : null, savedAt: entry.savedAt };
      } catch {
        return null;
      }
    },
    write(user, entry) {
      try {
        keys().filter((key) => key !== CACHE_PREFIX + user).forEach((key) => storage?.removeItem(key));
        storage?.setItem(CACHE_PREFIX + user, JSON.stringify(entry));
      } catch {
        // Quota exceeded or storage disabled: the next visit loads from the server, nothing else changes.
      }
    },
    clear() {
      try {
        clear();
      } catch {
        // Storage unavailable: nothing was kept either.
      }
    },
  };
}
