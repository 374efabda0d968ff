import { describe, expect, it } from 'vitest';
import { generateSchool } from '../../local/demo/generate-school';
import { duplicateReasons, findDuplicates, foldedPhone, foldNamePart, type DuplicateCandidate } from '@shared/rules/duplicates';
import { mergedHiddenFrom, mergedParentFields, MergeRequestSchema } from '@shared/contracts/duplicates-api';
import type { Parent } from '@shared/schemas/parent';

/** The duplicate rule (shared/rules/duplicates.ts) and the merged fields (shared/contracts/duplicates-api.ts), without a table. */

let next = 0;
const person = (fields: Partial<DuplicateCandidate> & Pick<DuplicateCandidate, 'firstName' | 'lastName'>): DuplicateCandidate => ({
  id: `P${String(next++).padStart(4, '0')}`,
  ...fields,
});
const home = { street: '12, rue des Érables', city: 'Montréal', postalCode: 'H2X 1Y4' };

describe('what makes two parents look like one', () => {
  it('folds accents, case, hyphens, apostrophes and spaces in names', () => {
    expect(duplicateReasons(person({ firstName: 'Marie-Ève', lastName: 'Côté' }), person({ firstName: 'marie eve', lastName: 'COTE' }))).toEqual(['name']);
    expect(duplicateReasons(person({ firstName: 'Zoé', lastName: "D'Amours" }), person({ firstName: 'Zoe', lastName: 'D’Amours' }))).toEqual(['name']);
    expect(duplicateReasons(person({ firstName: 'Jean  François', lastName: 'Dubé-Martin' }), person({ firstName: 'Jean-François', lastName: 'Dubé Martin' }))).toEqual(['name']);
    expect(duplicateReasons(person({ firstName: 'Œuvre', lastName: 'Lætitia' }), person({ firstName: 'oeuvre', lastName: 'laetitia' }))).toEqual(['name']);
  });

  it('matches a first and last name typed in swapped fields', () => {
    expect(duplicateReasons(person({ firstName: 'Tremblay', lastName: 'Sophie' }), person({ firstName: 'Sophie', lastName: 'Tremblay' }))).toEqual(['name']);
  });

  it('reads phones in any format, and ignores what is not a phone', () => {
    expect(foldedPhone('(514) 555-0188')).toBe('5145550188');
    expect(foldedPhone('+1 514.555.0188')).toBe('5145550188');
    expect(foldedPhone('514-555')).toBeUndefined();
    expect(foldedPhone('')).toBeUndefined();
    const a = person({ firstName: 'Luc', lastName: 'Roy', phone: '514 555 0188' });
    const b = person({ firstName: 'Luc', lastName: 'Roy-Gagné', phone: '1-514-555-0188' });
    expect(duplicateReasons(a, b)).toEqual(['firstName', 'phone']);
  });

  it('lists the shared contacts next to the name, email case and spaces aside', () => {
    const a = person({ firstName: 'Anne', lastName: 'Roy', email: 'anne@x.example', phone: '5145550100', address: home });
    const b = person({ firstName: 'Anne', lastName: 'Roy', email: ' ANNE@X.example ', phone: '5145550100', address: { ...home, street: '12 rue des erables', postalCode: 'h2x1y4' } });
    expect(duplicateReasons(a, b)).toEqual(['name', 'email', 'phone', 'address']);
  });

  it('never pairs spouses: a shared email, phone and address with another first name', () => {
    const a = person({ firstName: 'Anne', lastName: 'Roy', email: 'famille@x.example', phone: '5145550100', address: home });
    const b = person({ firstName: 'Marc', lastName: 'Roy', email: 'famille@x.example', phone: '5145550100', address: home });
    expect(duplicateReasons(a, b)).toEqual([]);
  });

  it('never matches empty fields with each other', () => {
    const blank = { email: '', phone: '', address: { street: '', city: '', postalCode: '' } };
    expect(duplicateReasons(person({ firstName: 'Anne', lastName: 'Roy', ...blank }), person({ firstName: 'Anne', lastName: 'Gagnon', ...blank }))).toEqual([]);
    expect(duplicateReasons(person({ firstName: 'Anne', lastName: 'Roy' }), person({ firstName: 'Anne', lastName: 'Gagnon' }))).toEqual([]);
    // Names that fold to nothing are no name.
    expect(duplicateReasons(person({ firstName: '-', lastName: "'" }), person({ firstName: '--', lastName: ' ' }))).toEqual([]);
    // A first name alone is not enough.
    expect(duplicateReasons(person({ firstName: 'Anne', lastName: 'Roy' }), person({ firstName: 'Anne', lastName: 'Royer' }))).toEqual([]);
  });
});

describe('the list of pairs', () => {
  it('lists each pair once, strongest first', () => {
    const a = person({ firstName: 'Anne', lastName: 'Roy', email: 'anne@x.example', phone: '5145550100' });
    const b = person({ firstName: 'Anne', lastName: 'Roy', email: 'anne@x.example', phone: '5145550100' });
    const c = person({ firstName: 'Luc', lastName: 'Côté' });
    const d = person({ firstName: 'luc', lastName: 'cote' });
    const e = person({ firstName: 'Lise', lastName: 'Roy', email: 'anne@x.example' });
    const pairs = findDuplicates([d, e, a, c, b]);
    expect(pairs).toEqual([
      { ids: [a.id, b.id], reasons: ['name', 'email', 'phone'], strength: 9 },
      { ids: [c.id, d.id], reasons: ['name'], strength: 4 },
    ]);
  });

  it('pairs no couple of the demo school, where spouses share homes and some share an email', () => {
    const school = generateSchool({ seed: 1, families: 180 });
    const byId = new Map(school.parents.map((p) => [p.id, p]));
    const sharing = school.parents.filter((p) => p.email && school.parents.some((q) => q !== p && q.email === p.email));
    expect(sharing.length).toBeGreaterThan(0);
    const pairs = findDuplicates(school.parents);
    // Homonyms are listed (the administrator decides); every pair has one first name.
    for (const { ids } of pairs) expect(foldNamePart(byId.get(ids[0])!.firstName)).toBe(foldNamePart(byId.get(ids[1])!.firstName));
    expect(pairs.some(({ ids }) => sharing.some((p) => p.id === ids[0]) && byId.get(ids[0])!.email === byId.get(ids[1])!.email)).toBe(false);
  });

  it('finds a parent typed twice among a thousand families', () => {
    const school = generateSchool({ seed: 3, families: 1000 });
    const original = school.parents[10]!;
    const twin = { ...original, id: 'ZZZZ', firstName: original.firstName.toUpperCase(), email: undefined };
    const pairs = findDuplicates([...school.parents, twin]);
    expect(pairs.map((p) => p.ids)).toContainEqual([original.id, 'ZZZZ']);
  });
});

const parent = (fields: Partial<Parent>): Parent => ({
  id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  firstName: 'Anne',
  lastName: 'Roy',
  interests: [],
  skills: '',
  participation: 'full',
  preferredLanguage: 'fr',
  ...fields,
});

describe('the merged record', () => {
  const keep = parent({ email: 'a@x.example', phone: '5145550100', interests: ['sports'] as Parent['interests'], skills: 'Chant' });
  const other = parent({
    id: '01JBBBBBBBBBBBBBBBBBBBBBBB',
    firstName: 'Anne-Marie',
    email: 'b@x.example',
    address: { street: '1, rue A', city: 'Laval', postalCode: 'H7N 1A1' },
    participation: 'limited',
    audiences: { email: 'admins', phone: 'admins', address: 'classes', profile: 'school' },
    preferredLanguage: 'en',
    safetyRestriction: { hiddenFrom: ['01JCCCCCCCCCCCCCCCCCCCCCCC', '01JAAAAAAAAAAAAAAAAAAAAAAA'] },
  });

  it('takes each field from the side chosen, privacy whole from one record', () => {
    const fields = mergedParentFields(keep, other, { name: 'other', email: 'keep', phone: 'keep', address: 'other', preferredLanguage: 'other', privacy: 'other', profile: 'keep' });
    expect(fields).toEqual({
      firstName: 'Anne-Marie',
      lastName: 'Roy',
      email: 'a@x.example',
      phone: '5145550100',
      address: other.address,
      interests: ['sports'],
      skills: 'Chant',
      participation: 'limited',
      audiences: other.audiences,
      preferredLanguage: 'en',
    });
  });

  it('drops phone, address and profile when the privacy kept is name only', () => {
    const fields = mergedParentFields(keep, parent({ participation: 'nameOnly' }), { name: 'keep', email: 'keep', phone: 'keep', address: 'keep', preferredLanguage: 'keep', privacy: 'other', profile: 'keep' });
    expect(fields).toEqual({ firstName: 'Anne', lastName: 'Roy', email: 'a@x.example', interests: [], skills: '', participation: 'nameOnly', preferredLanguage: 'fr' });
  });

  it('keeps both safety restrictions, without the two merged records', () => {
    expect(mergedHiddenFrom(parent({ safetyRestriction: { hiddenFrom: ['01JDDDDDDDDDDDDDDDDDDDDDDD'] } }), other)).toEqual([
      '01JDDDDDDDDDDDDDDDDDDDDDDD',
      '01JCCCCCCCCCCCCCCCCCCCCCCC',
    ]);
  });

  it('refuses a merge of a record with itself and any unknown key', () => {
    const choices = { name: 'keep', email: 'keep', phone: 'keep', address: 'keep', preferredLanguage: 'keep', privacy: 'keep', profile: 'keep' };
    const request = { keepId: keep.id, keepVersion: 1, otherId: other.id, otherVersion: 1, choices };
    expect(MergeRequestSchema.safeParse(request).success).toBe(true);
    expect(MergeRequestSchema.safeParse({ ...request, otherId: keep.id }).success).toBe(false);
    expect(MergeRequestSchema.safeParse({ ...request, choices: { ...choices, audiences: 'keep' } }).success).toBe(false);
    expect(MergeRequestSchema.safeParse({ ...request, choices: { ...choices, privacy: 'both' } }).success).toBe(false);
  });
});
