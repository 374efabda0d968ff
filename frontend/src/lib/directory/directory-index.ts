import { studentParentIndexes, type DirectoryResponse } from '@shared/contracts/directory-api';
import type { CommitteeRole } from '@shared/schemas/committee-roles';
import { groupFamilies, type Family } from './families';
import { compareNames } from './names';

/** A seat on a committee, seen from the person: which committee (position) and in which role. */
export interface Seat {
  committeeIndex: number;
  role: CommitteeRole;
}

/**
 * Everything the screens derive from one directory copy, computed once per copy (see `directoryIndex`). The
 * response sends each relation once (a parent's children); the screens need it from every side.
 * All numbers are positions in the directory's lists.
 */
export interface DirectoryIndex {
  directory: DirectoryResponse;
  /** Order of a level code in the school's levels; unknown codes sort last. */
  levelOrder: (code: string) => number;
  parentsOfStudent: number[][];
  /** Other students sharing at least one parent with the student (half-siblings included). */
  siblingsOfStudent: number[][];
  /** Students of each class, by level then name. */
  studentsByClass: number[][];
  /** Seats of each parent and staff member, in committee order. */
  seatsOfParent: Seat[][];
  seatsOfStaff: Seat[][];
  families: Family[];
  /** Position in `families` of each student's family. */
  familyOfStudent: number[];
  parentsByName: number[];
  staffByName: number[];
}

const positions = (length: number) => Array.from({ length }, (_, i) => i);

export function buildDirectoryIndex(directory: DirectoryResponse): DirectoryIndex {
  const { students, parents, staff, classes, committees } = directory;
  const orders = new Map((directory.school?.levels ?? []).map((level) => [level.code, level.order]));
  const levelOrder = (code: string) => orders.get(code) ?? Number.MAX_SAFE_INTEGER;
  const compareStudents = (a: number, b: number) => {
    const sa = students[a]!;
    const sb = students[b]!;
    return levelOrder(sa.level) - levelOrder(sb.level) || compareNames(sa, sb) || a - b;
  };
  const compareParents = (a: number, b: number) => compareNames(parents[a]!, parents[b]!) || a - b;

  const parentsOfStudent = studentParentIndexes(directory);
  const siblingsOfStudent = students.map((_, s) => {
    const siblings = new Set<number>();
    for (const p of parentsOfStudent[s]!) for (const child of parents[p]!.childIndexes) siblings.add(child);
    siblings.delete(s);
    return [...siblings].sort(compareStudents);
  });

  const studentsByClass: number[][] = classes.map(() => []);
  students.forEach((student, s) => {
    if (student.classIndex !== undefined) studentsByClass[student.classIndex]?.push(s);
  });
  studentsByClass.forEach((list) => list.sort(compareStudents));

  const seatsOfParent: Seat[][] = parents.map(() => []);
  const seatsOfStaff: Seat[][] = staff.map(() => []);
  committees.forEach((committee, committeeIndex) => {
    for (const seat of committee.parents) seatsOfParent[seat.parentIndex]?.push({ committeeIndex, role: seat.role });
    for (const seat of committee.staff) seatsOfStaff[seat.staffIndex]?.push({ committeeIndex, role: seat.role });
  });

  const { families, familyOfStudent } = groupFamilies(directory, parentsOfStudent, compareStudents, compareParents);

  return {
    directory,
    levelOrder,
    parentsOfStudent: parentsOfStudent.map((list) => [...list].sort(compareParents)),
    siblingsOfStudent,
    studentsByClass,
    seatsOfParent,
    seatsOfStaff,
    families,
    familyOfStudent,
    parentsByName: positions(parents.length).sort(compareParents),
    staffByName: positions(staff.length).sort((a, b) => compareNames(staff[a]!, staff[b]!) || a - b),
  };
}

const cache = new WeakMap<DirectoryResponse, DirectoryIndex>();

/** The index of a directory copy, built on first use and shared by every screen until the copy changes. */
export function directoryIndex(directory: DirectoryResponse): DirectoryIndex {
  let index = cache.get(directory);
  if (!index) {
    index = buildDirectoryIndex(directory);
    cache.set(directory, index);
  }
  return index;
}
