/** How people and things are named and ordered on every directory screen. */

export interface Named {
  firstName: string;
  lastName: string;
}

export const fullName = (person: Named): string => `${person.firstName} ${person.lastName}`;

/**
 * One collator for every sort: French rules in both languages (the names are French), accents and case ignored
 * at the first level so Côté sorts with Cote, numbers by value (Classe 9 before Classe 10).
 */
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export const compareText = (a: string, b: string): number => collator.compare(a, b);

/** Last name, then first name: how a school lists people. */
export const compareNames = (a: Named, b: Named): number =>
  collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName);
