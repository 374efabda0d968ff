import type { DirectoryResponse } from '@shared/contracts/directory-api';
import type { DirectoryIndex } from './directory-index';

export interface LevelCount {
  code: string;
  count: number;
}

/** The dashboard's figures (the home page: students by level, average class size, committee members, most common level). */
export interface SchoolStatistics {
  /** Every level of the school in order (zero included), then any level code the settings do not know. */
  studentsByLevel: LevelCount[];
  /** Students placed in a class, divided by the number of classes; null when there is no class. */
  averageClassSize: number | null;
  /** Distinct people holding at least one committee seat: parents, staff and other members. */
  totalCommitteeMembers: number;
  /** The level with the most students (the lower level on a tie); null when there is no student. */
  mostCommonLevel: string | null;
  totals: { students: number; families: number; parents: number; staff: number; classes: number; committees: number };
}

function otherMemberKeys(directory: DirectoryResponse): Set<string> {
  // Other members have no id: the same name on two committees is taken to be the same person.
  const keys = new Set<string>();
  for (const committee of directory.committees) {
    for (const other of committee.others) keys.add(`${other.firstName}|${other.lastName}`.toLowerCase());
  }
  return keys;
}

export function schoolStatistics(index: DirectoryIndex): SchoolStatistics {
  const { directory } = index;
  const counts = new Map<string, number>();
  for (const level of directory.school?.levels ?? []) counts.set(level.code, 0);
  let placed = 0;
  for (const student of directory.students) {
    counts.set(student.level, (counts.get(student.level) ?? 0) + 1);
    if (student.classIndex !== undefined) placed++;
  }
  const studentsByLevel = [...counts]
    .map(([code, count]) => ({ code, count }))
    .sort((a, b) => index.levelOrder(a.code) - index.levelOrder(b.code));

  let mostCommonLevel: string | null = null;
  let best = 0;
  for (const { code, count } of studentsByLevel) {
    if (count > best) {
      best = count;
      mostCommonLevel = code;
    }
  }

  const seatedParents = new Set<number>();
  const seatedStaff = new Set<number>();
  for (const committee of directory.committees) {
    committee.parents.forEach((seat) => seatedParents.add(seat.parentIndex));
    committee.staff.forEach((seat) => seatedStaff.add(seat.staffIndex));
  }

  const classes = directory.classes.length;
  return {
    studentsByLevel,
    averageClassSize: classes > 0 ? placed / classes : null,
    totalCommitteeMembers: seatedParents.size + seatedStaff.size + otherMemberKeys(directory).size,
    mostCommonLevel,
    totals: {
      students: directory.students.length,
      families: index.families.length,
      parents: directory.parents.length,
      staff: directory.staff.length,
      classes,
      committees: directory.committees.length,
    },
  };
}
