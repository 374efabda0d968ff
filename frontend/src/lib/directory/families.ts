import type { DirectoryResponse } from '@shared/contracts/directory-api';
import type { Address } from '@shared/schemas/common';
import { compareText } from './names';

/** Parents living at one address; `address` is absent for the group of parents whose address is not shown. */
export interface Household {
  parents: number[];
  address?: Address;
}

/**
 * A family as the Students screen shows it: children who share at least one parent (siblings, half-siblings
 * across two households), and every parent of any of them. Numbers are positions in the directory's lists.
 */
export interface Family {
  /** Stable within one directory copy: the position of the family's first child in `students`. */
  key: number;
  /** Children's last names, distinct, alphabetical: the family's heading. */
  name: string;
  students: number[];
  parents: number[];
  /**
   * Parents grouped by home when at least two different addresses are shown (two households); otherwise one
   * group holding every parent. Parents whose address is hidden form a last group without an address.
   */
  households: Household[];
}

/** Smallest-index representative with path halving: a union-find over student positions. */
function makeUnionFind(size: number) {
  const parent = Array.from({ length: size }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  return { find, union };
}

const addressKey = (address: Address) => `${address.street.trim().toLowerCase()}|${address.postalCode}`;

function householdsOf(directory: DirectoryResponse, parents: number[]): Household[] {
  const byAddress = new Map<string, Household>();
  const hidden: number[] = [];
  for (const p of parents) {
    const address = directory.parents[p]!.address;
    if (!address) {
      hidden.push(p);
      continue;
    }
    const key = addressKey(address);
    const group = byAddress.get(key);
    if (group) group.parents.push(p);
    else byAddress.set(key, { parents: [p], address });
  }
  if (byAddress.size < 2) return [{ parents }];
  return [...byAddress.values(), ...(hidden.length > 0 ? [{ parents: hidden }] : [])];
}

/**
 * Groups students into families: two students are in the same family when they share a parent, directly or
 * through a chain (a child of A and B, a half-sibling of B and C). A student without any listed parent is a
 * family of one. `parentsOfStudent` is `studentParentIndexes(directory)`; `sortStudents` orders each family's
 * children (level, then first name).
 */
export function groupFamilies(
  directory: DirectoryResponse,
  parentsOfStudent: readonly number[][],
  sortStudents: (a: number, b: number) => number,
  compareParents: (a: number, b: number) => number,
): { families: Family[]; familyOfStudent: number[] } {
  const uf = makeUnionFind(directory.students.length);
  for (const parent of directory.parents) {
    const [first, ...rest] = parent.childIndexes;
    if (first === undefined) continue;
    for (const other of rest) uf.union(first, other);
  }
  const byRoot = new Map<number, number[]>();
  directory.students.forEach((_, s) => {
    const root = uf.find(s);
    const group = byRoot.get(root);
    if (group) group.push(s);
    else byRoot.set(root, [s]);
  });

  const families: Family[] = [...byRoot.values()].map((students) => {
    students.sort(sortStudents);
    const parentSet = new Set<number>();
    for (const s of students) for (const p of parentsOfStudent[s] ?? []) parentSet.add(p);
    const parents = [...parentSet].sort(compareParents);
    const lastNames = [...new Set(students.map((s) => directory.students[s]!.lastName))].sort(compareText);
    return {
      key: Math.min(...students),
      name: lastNames.join(' / '),
      students,
      parents,
      households: householdsOf(directory, parents),
    };
  });
  families.sort(
    (a, b) =>
      compareText(a.name, b.name) ||
      compareText(directory.students[a.students[0]!]!.firstName, directory.students[b.students[0]!]!.firstName) ||
      a.key - b.key,
  );
  const familyOfStudent = new Array<number>(directory.students.length).fill(-1);
  families.forEach((family, f) => family.students.forEach((s) => (familyOfStudent[s] = f)));
  return { families, familyOfStudent };
}
