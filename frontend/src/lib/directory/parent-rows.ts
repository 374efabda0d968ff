import type { DirectoryParent } from '@shared/contracts/directory-api';
import type { Language } from '@shared/schemas/common';
import type { DirectoryIndex } from './directory-index';
import { fullName } from './names';
import { summarizeStudent, type StudentSummary } from './student-info';

/** One line of the Parents list: the parent and their children with level, class and teacher. */
export interface ParentRow {
  index: number;
  parent: DirectoryParent;
  name: string;
  children: StudentSummary[];
}

export function parentRows(index: DirectoryIndex, lang: Language): ParentRow[] {
  const levelOf = (s: number) => index.levelOrder(index.directory.students[s]!.level);
  return index.parentsByName.map((p) => {
    const parent = index.directory.parents[p]!;
    const children = [...parent.childIndexes]
      .sort((a, b) => levelOf(a) - levelOf(b))
      .map((s) => summarizeStudent(index, s, lang));
    return { index: p, parent, name: fullName(parent), children };
  });
}

/**
 * What the Parents search looks at: the parent's name, email, phone (its ten digits, so « 514 555-0199 »,
 * « 5145550199 » and « 555-0199 » all find it) and postal code (« H2X », « h2x1y4 »: a trial's school office searched
 * by it), each only when the viewer may see it, as the directory response holds it, and their children's names.
 */
export const parentSearchFields = (row: ParentRow) => [
  row.name,
  row.parent.email,
  row.parent.phone,
  row.parent.address?.postalCode,
  ...row.children.map((c) => c.name),
];
