import type { DirectoryStaff } from '@shared/contracts/directory-api';
import type { Language } from '@shared/schemas/common';
import { STAFF_DEPARTMENT_CODES } from '@shared/schemas/staff';
import type { DirectoryIndex } from './directory-index';
import { classLevelsLabel, departmentLabel, localized, roleLabel } from './labels';
import { fullName } from './names';

export interface StaffRow {
  index: number;
  member: DirectoryStaff;
  name: string;
  title: string;
  classes: string[];
  /** `Membre (rang 7)`: the CE role and its place in the CE hierarchy. */
  ce?: { role: string; rank?: number };
}

/** The catch-all group, always listed last: staff whose department this build does not know. */
export const OTHER_STAFF = 'other';

export function staffRows(index: DirectoryIndex, lang: Language): StaffRow[] {
  const { directory } = index;
  return index.staffByName.map((m) => {
    const member = directory.staff[m]!;
    return {
      index: m,
      member,
      name: fullName(member),
      title: localized(member.title, lang),
      classes: member.classIndexes.map((c) => {
        const schoolClass = directory.classes[c]!;
        return `${schoolClass.name} (${classLevelsLabel(directory, schoolClass.levels, lang)})`;
      }),
      ...(member.ceRole
        ? { ce: { role: roleLabel(member.ceRole, lang), ...(member.ceRank ? { rank: member.ceRank } : {}) } }
        : {}),
    };
  });
}

/**
 * Name, title and department, in both languages (a person may type the English title in the French UI), email and
 * phone when the viewer may see them (the Parents search finds a phone; a trial's « 514 555-0104 » found no staff), and
 * the extension.
 */
export const staffSearchFields = (row: StaffRow) => [
  row.name,
  row.member.title.fr,
  row.member.title.en,
  departmentLabel(row.member.department, 'fr'),
  departmentLabel(row.member.department, 'en'),
  row.member.email,
  row.member.phone,
  // « Poste 1234 » shows on the card: typing « 1234 » finds it (a trial's did not).
  row.member.extension,
];

/** Department groups in the school's order, "other staff" last; empty groups are left out. */
export function groupByDepartment(rows: StaffRow[]): { department: string; rows: StaffRow[] }[] {
  const known = new Set<string>(STAFF_DEPARTMENT_CODES);
  const order = [...STAFF_DEPARTMENT_CODES, OTHER_STAFF];
  const groups = new Map<string, StaffRow[]>(order.map((code) => [code, []]));
  for (const row of rows) groups.get(known.has(row.member.department) ? row.member.department : OTHER_STAFF)!.push(row);
  return order.map((department) => ({ department, rows: groups.get(department)! })).filter((g) => g.rows.length > 0);
}
