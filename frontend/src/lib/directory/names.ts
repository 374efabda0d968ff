/** How people and things are named and ordered on every directory screen. */
import { frenchListCompare } from '@shared/format/collation';

export interface Named {
  firstName: string;
  lastName: string;
}

export const fullName = (person: Named): string => `${person.firstName} ${person.lastName}`;

/** The directory's order (shared/format/collation.ts): accents and case ignored, numbers by value. */
export const compareText = frenchListCompare;

/** Last name, then first name: how a school lists people. */
export const compareNames = (a: Named, b: Named): number =>
  frenchListCompare(a.lastName, b.lastName) || frenchListCompare(a.firstName, b.firstName);
