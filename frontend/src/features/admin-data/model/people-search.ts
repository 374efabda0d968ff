import { createMatcher } from '../../../../../shared/search';
import type { AdminDirectory } from '../api/admin-data-client';

/** A parent or a student found by the edit tab's search. */
export interface PersonHit {
  kind: 'parent' | 'student';
  id: string;
  name: string;
  /** Email (parent) or class code (student), to tell namesakes apart. */
  detail: string;
}

const MAX_HITS = 20;

/**
 * Parents (by name or email) and students (by name or class code), the directory's own accent- and
 * punctuation-blind search (shared/search.ts); nothing for an empty query, at most 20 hits.
 */
export function searchPeople(directory: AdminDirectory, query: string): PersonHit[] {
  if (query.trim() === '') return [];
  const classCode = new Map(directory.classes.map((c) => [c.id, c.code]));
  const people: PersonHit[] = [
    ...directory.parents.map((p) => ({ kind: 'parent' as const, id: p.id, name: `${p.firstName} ${p.lastName}`, detail: p.email ?? '' })),
    ...directory.students.map((s) => ({
      kind: 'student' as const,
      id: s.id,
      name: `${s.firstName} ${s.lastName}`,
      detail: classCode.get(s.classId) ?? '',
    })),
  ];
  return createMatcher(people, (hit) => [hit.name, hit.detail])(query).slice(0, MAX_HITS);
}
