import type { DirectoryResponse } from '@shared/contracts/directory-api';
import type { WorkspaceNewStudent } from '@shared/contracts/progression-api';
import type { NewStudentParent } from '@shared/schemas/progression';
import { compareText, fullName } from '../../../lib/directory/names';

export interface ParentChoice {
  parentId: string;
  name: string;
  /** Email, or the note that this parent is new with another new student. */
  description?: string;
  /** Searchable too: email and children's names. */
  tags: string[];
}

const newParentsOf = (students: readonly WorkspaceNewStudent[]) =>
  students
    .flatMap((s) => [s.parent1, s.parent2])
    .filter((p): p is Extract<NewStudentParent, { mode: 'new' }> => p?.mode === 'new');

/**
 * The existing-parent picker's choices: every directory parent (with their email and children to tell
 * namesakes apart) and the new parents staged with other new students (siblings arriving together).
 */
export function parentChoices(
  directory: Pick<DirectoryResponse, 'parents' | 'students'> | null,
  newStudents: readonly WorkspaceNewStudent[],
  stagedLabel: string,
): ParentChoice[] {
  const seen = new Set<string>();
  const choices: ParentChoice[] = [];
  for (const parent of directory?.parents ?? []) {
    const children = parent.childIndexes.map((i) => directory!.students[i]).filter((s) => s !== undefined).map(fullName);
    seen.add(parent.id);
    choices.push({
      parentId: parent.id,
      name: fullName(parent),
      ...(parent.email ? { description: parent.email } : {}),
      tags: [...(parent.email ? [parent.email] : []), ...children],
    });
  }
  for (const parent of newParentsOf(newStudents)) {
    if (seen.has(parent.parentId)) continue;
    seen.add(parent.parentId);
    choices.push({
      parentId: parent.parentId,
      name: fullName(parent.parent),
      description: parent.parent.email ? `${stagedLabel} · ${parent.parent.email}` : stagedLabel,
      tags: parent.parent.email ? [parent.parent.email] : [],
    });
  }
  return choices.sort((a, b) => compareText(a.name, b.name));
}

/** A parent's name by id, from the directory or the staged new parents. */
export function parentNameOf(
  directory: Pick<DirectoryResponse, 'parents'> | null,
  newStudents: readonly WorkspaceNewStudent[],
): (parentId: string) => string | undefined {
  const names = new Map<string, string>();
  for (const parent of directory?.parents ?? []) names.set(parent.id, fullName(parent));
  for (const parent of newParentsOf(newStudents)) names.set(parent.parentId, fullName(parent.parent));
  return (parentId) => names.get(parentId);
}
