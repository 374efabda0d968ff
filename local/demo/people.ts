import { INTEREST_CODES, type InterestCode } from '@shared/schemas/interests';
import type { Address, Language } from '@shared/schemas/common';
import {
  ADULT_FEMALE,
  ADULT_MALE,
  AREA_CODES,
  CITIES,
  EMAIL_DOMAINS,
  ENGLISH_FEMALE,
  ENGLISH_LAST_NAMES,
  ENGLISH_MALE,
  LAST_NAMES,
  SKILLS_EN,
  SKILLS_FR,
  STREETS,
} from './names';
import type { Random } from './prng';

/** Building blocks for fictional people: names, emails, phones, addresses, interests. */

export type Gender = 'f' | 'm';

export function adultFirstName(random: Random, gender: Gender, english: boolean): string {
  if (english && random.chance(0.7)) return random.pick(gender === 'f' ? ENGLISH_FEMALE : ENGLISH_MALE);
  return random.pick(gender === 'f' ? ADULT_FEMALE : ADULT_MALE);
}

/** A last name; one adult in twelve carries a compound name of their own (Gagné-Côté). */
export function adultLastName(random: Random, english: boolean): string {
  if (english && random.chance(0.7)) return random.pick(ENGLISH_LAST_NAMES);
  if (random.chance(1 / 12)) {
    const [first, second] = random.sample(LAST_NAMES.filter((name) => !name.includes('-')), 2);
    return `${first}-${second}`;
  }
  return random.pick(LAST_NAMES);
}

/** Email local part: no accents, no apostrophes or spaces, hyphens kept (françois.gagné-côté -> francois.gagne-cote). */
export function emailSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’\s]+/g, '')
    .replace(/[^a-z0-9-]/g, '');
}

/** A unique address under `domain` (a reserved .example domain), numbered when the name is taken. */
export function uniqueEmail(firstName: string, lastName: string, domain: string, used: Set<string>): string {
  const base = `${emailSlug(firstName)}.${emailSlug(lastName)}`;
  for (let n = 1; ; n++) {
    const email = `${base}${n === 1 ? '' : n}@${domain}`;
    if (!used.has(email)) {
      used.add(email);
      return email;
    }
  }
}

export function personalEmail(random: Random, firstName: string, lastName: string, used: Set<string>): string {
  return uniqueEmail(firstName, lastName, random.pick(EMAIL_DOMAINS), used);
}

/** A fictional number in the 555 exchange, stored as 10 digits. */
export function phone(random: Random): string {
  return `${random.pick(AREA_CODES)}555${String(random.int(0, 9999)).padStart(4, '0')}`;
}

/** Letters Canada Post uses after the first position (no D, F, I, O, Q, U). */
const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

export function address(random: Random, cityWeights: readonly number[] = [0.85, 0.1, 0.05]): Address {
  const place = random.weighted(CITIES.map((city, i) => [city, cityWeights[i] ?? 0] as const));
  const unit = random.chance(0.3) ? `, app. ${random.int(1, 8)}` : '';
  const postalCode =
    `${random.pick(place.prefixes)} ` +
    `${random.int(0, 9)}${POSTAL_LETTERS[random.int(0, POSTAL_LETTERS.length - 1)]}${random.int(0, 9)}`;
  return { street: `${random.int(100, 9999)}, ${random.pick(STREETS)}${unit}`, city: place.city, postalCode };
}

export function interests(random: Random): InterestCode[] {
  const count = random.weighted([[0, 0.2], [1, 0.2], [2, 0.25], [3, 0.2], [4, 0.1], [5, 0.05]] as const);
  return random.sample(INTEREST_CODES, count);
}

export function skills(random: Random, language: Language): string {
  if (!random.chance(0.35)) return '';
  return random.pick(language === 'en' ? SKILLS_EN : SKILLS_FR);
}
