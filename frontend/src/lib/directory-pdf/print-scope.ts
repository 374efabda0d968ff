import type { DirectoryResponse } from '@shared/contracts/directory-api';

/**
 * The class the print form preselects for a viewer (docs/frontend.md, "Printing the directory"): the class of
 * their children, from the parent records GET /api/me names; with children in several classes, the first in the
 * school's order (the directory's class list). None for staff, or for a parent whose children have no class.
 */
export function viewerClassId(directory: DirectoryResponse, parentIds: ReadonlySet<string>): string | undefined {
  const classIndexes = directory.parents
    .filter((parent) => parentIds.has(parent.id))
    .flatMap((parent) => parent.childIndexes)
    .flatMap((s) => {
      const classIndex = directory.students[s]?.classIndex;
      return classIndex === undefined || !directory.classes[classIndex] ? [] : [classIndex];
    });
  return classIndexes.length === 0 ? undefined : directory.classes[Math.min(...classIndexes)]!.id;
}
