import { DirectoryResponseSchema, type DirectoryResponse } from '@shared/contracts/directory-api';
import type { OfflineCopy } from '../offline/offline-copy-storage';

/**
 * The directory store's view of the opt-in offline copy (lib/offline/offline-copy-storage.ts): typed, and checked
 * against today's contract when read back (a copy an older build kept may not match: it is erased, not shown).
 */
export interface OfflineDirectoryCopy {
  read: (user: string) => Promise<{ data: DirectoryResponse; savedAt: number } | null>;
  keep: (user: string, data: DirectoryResponse, savedAt: number) => Promise<void>;
  erase: () => Promise<void>;
}

export function offlineDirectory(copy: OfflineCopy): OfflineDirectoryCopy {
  return {
    async read(user) {
      const kept = await copy.read(user);
      if (!kept) return null;
      const parsed = DirectoryResponseSchema.safeParse(kept.data);
      if (!parsed.success) {
        await copy.erase();
        return null;
      }
      return { data: parsed.data, savedAt: kept.savedAt };
    },
    keep: (user, data, savedAt) => copy.keep(user, withoutStaffNotes(data), savedAt),
    erase: () => copy.erase(),
  };
}

/**
 * The copy a device keeps holds no staff note (docs/privacy.md, "Who sees what"): a staff reader sees the notes
 * online only, so a lost phone or a shared computer never carries them. Copied, never changed in place (the
 * screens show the answer itself).
 */
function withoutStaffNotes(data: DirectoryResponse): DirectoryResponse {
  if (!data.students.some((student) => student.staffNote !== undefined)) return data;
  return {
    ...data,
    students: data.students.map(({ staffNote: _note, ...student }) => student),
  };
}
