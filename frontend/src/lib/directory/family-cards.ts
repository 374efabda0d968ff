import type { DirectoryParent } from '@shared/contracts/directory-api';
import type { Language } from '@shared/schemas/common';
import type { DirectoryIndex, Seat } from './directory-index';
import type { Family, Household } from './families';
import { fullName } from './names';
import { summarizeStudent, type StudentSummary } from './student-info';

export interface FamilyParent {
  index: number;
  parent: DirectoryParent;
  name: string;
  seats: Seat[];
}

/** A family card of the Students screen, with everything its card prints already resolved. */
export interface FamilyCard {
  family: Family;
  children: StudentSummary[];
  households: { household: Household; parents: FamilyParent[] }[];
  parentNames: string[];
}

export function familyCards(index: DirectoryIndex, lang: Language): FamilyCard[] {
  const parentOf = (p: number): FamilyParent => {
    const parent = index.directory.parents[p]!;
    return { index: p, parent, name: fullName(parent), seats: index.seatsOfParent[p] ?? [] };
  };
  return index.families.map((family) => ({
    family,
    children: family.students.map((s) => summarizeStudent(index, s, lang)),
    households: family.households.map((household) => ({ household, parents: household.parents.map(parentOf) })),
    parentNames: family.parents.map((p) => fullName(index.directory.parents[p]!)),
  }));
}

/** The Students search looks across parents and children: a family is found by any member's name. */
export const familySearchFields = (card: FamilyCard) => [...card.children.map((c) => c.name), ...card.parentNames];
