import { normalizeSearchText } from './search';

/**
 * Likely duplicate parents (docs/product-rules.md, "Duplicates"; thresholds in docs/decisions/duplicate-parents-detection-merge-undo.md). Names are
 * folded the way the directory search folds them (shared/rules/search.ts: case, accents, ligatures; hyphens,
 * apostrophes and spaces ignored), so "Marie-Ève Côté" and "marie eve cote" are one name. A pair is listed when
 * the folded full names are equal (first and last name in either order), or when the first names are equal and the
 * two records share an email, a phone or an address (a name changed by marriage, a second last name added).
 * A shared contact alone never makes a pair: spouses share a home, a landline and sometimes an email.
 * Empty fields never match each other. Each pair is listed once, strongest first.
 */

export const DUPLICATE_REASONS = ['name', 'firstName', 'email', 'phone', 'address'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** What each shared trait weighs in a pair's strength. */
export const REASON_WEIGHTS: Record<DuplicateReason, number> = { name: 4, firstName: 1, email: 3, phone: 2, address: 1 };

export interface DuplicateCandidate {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  address?: { street: string; city: string; postalCode: string };
}

export interface DuplicateMatch {
  /** The two ids, in string order (so a pair has one spelling). */
  ids: [string, string];
  reasons: DuplicateReason[];
  strength: number;
}

/** A name part folded to letters and digits only ("Dubé-Martin" -> "dubemartin"); empty when nothing is left. */
export function foldNamePart(part: string): string {
  return normalizeSearchText(part).replace(/ /g, '');
}

/** The full name, order-free (first and last name swapped by a typist still match); undefined without a name. */
export function foldedName(person: Pick<DuplicateCandidate, 'firstName' | 'lastName'>): string | undefined {
  const first = foldNamePart(person.firstName);
  const last = foldNamePart(person.lastName);
  if (first === '' || last === '') return undefined;
  return [first, last].sort().join('|');
}

/** Ten digits (a leading 1 dropped), whatever the punctuation; undefined when that is not a phone number. */
export function foldedPhone(phone: string | undefined): string | undefined {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : undefined;
}

export function foldedEmail(email: string | undefined): string | undefined {
  const folded = (email ?? '').trim().toLowerCase();
  return folded === '' ? undefined : folded;
}

/** Street and postal code (the city when there is none), folded; undefined without a street. */
export function foldedAddress(address: DuplicateCandidate['address']): string | undefined {
  if (!address) return undefined;
  const street = foldNamePart(address.street);
  if (street === '') return undefined;
  const place = address.postalCode.replace(/\s/g, '').toUpperCase() || foldNamePart(address.city);
  return place === '' ? undefined : `${street}|${place}`;
}

interface Folded {
  id: string;
  name?: string;
  first?: string;
  email?: string;
  phone?: string;
  address?: string;
}

function fold(person: DuplicateCandidate): Folded {
  return {
    id: person.id,
    name: foldedName(person),
    first: foldNamePart(person.firstName) || undefined,
    email: foldedEmail(person.email),
    phone: foldedPhone(person.phone),
    address: foldedAddress(person.address),
  };
}

const same = (a: string | undefined, b: string | undefined) => a !== undefined && a === b;

/** The reasons two records look like one person, or none when they do not (the listing rule above). */
export function duplicateReasons(a: DuplicateCandidate, b: DuplicateCandidate): DuplicateReason[] {
  return reasonsOf(fold(a), fold(b));
}

function reasonsOf(a: Folded, b: Folded): DuplicateReason[] {
  if (a.id === b.id) return [];
  const contacts = (['email', 'phone', 'address'] as const).filter((field) => same(a[field], b[field]));
  if (same(a.name, b.name)) return ['name', ...contacts];
  if (same(a.first, b.first) && contacts.length > 0) return ['firstName', ...contacts];
  return [];
}

export const strengthOf = (reasons: readonly DuplicateReason[]) => reasons.reduce((sum, r) => sum + REASON_WEIGHTS[r], 0);

/**
 * Every likely duplicate pair among the records. Candidates come from records sharing a folded name, email,
 * phone or address (never a full comparison of every pair), then each pair is judged by `duplicateReasons`.
 * Sorted by strength, then by ids, so the order is stable.
 */
export function findDuplicates(people: readonly DuplicateCandidate[]): DuplicateMatch[] {
  const folded = people.map(fold);
  const buckets = new Map<string, Folded[]>();
  for (const person of folded) {
    for (const field of ['name', 'email', 'phone', 'address'] as const) {
      const value = person[field];
      if (value === undefined) continue;
      const key = `${field}:${value}`;
      buckets.set(key, [...(buckets.get(key) ?? []), person]);
    }
  }
  const seen = new Set<string>();
  const matches: DuplicateMatch[] = [];
  for (const bucket of buckets.values()) {
    for (let i = 0; i < bucket.length; i++) {
      for (let j = i + 1; j < bucket.length; j++) {
        const [a, b] = [bucket[i]!, bucket[j]!].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)) as [Folded, Folded];
        const key = `${a.id}|${b.id}`;
        if (a.id === b.id || seen.has(key)) continue;
        seen.add(key);
        const reasons = reasonsOf(a, b);
        if (reasons.length > 0) matches.push({ ids: [a.id, b.id], reasons, strength: strengthOf(reasons) });
      }
    }
  }
  return matches.sort((x, y) => y.strength - x.strength || x.ids.join('|').localeCompare(y.ids.join('|')));
}
