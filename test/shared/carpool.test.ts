import { describe, expect, it } from 'vitest';
import { buildDirectoryResponse, type DirectoryInput } from '../../lambdas/directory/directory-service';
import { fsaOf, neighboursOf } from '@shared/rules/carpool';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { Student } from '@shared/schemas/student';

/**
 * Families near me, the rule (shared/rules/carpool.ts): the FSA of a postal code, and who is a neighbour of whom,
 * over the directory as the viewer reads it (the visibility rule already applied).
 */

const AT = '2025-08-25T12:00:00.000Z';
const id = (n: number) => `01K3J4A0${String(n).padStart(18, '0')}`;
const meta = (n: number) => ({ id: id(n), version: 1, createdAt: AT, updatedAt: AT });

function parent(n: number, postalCode: string | undefined, fields: Partial<Parent> = {}): Parent {
  return {
    ...meta(n),
    firstName: `Prénom${n}`,
    lastName: `Parent${n}`,
    email: `parent${n}@courriel.example`,
    phone: `514000000${n}`,
    ...(postalCode ? { address: { street: `${n}, rue des Érables`, city: 'Montréal', postalCode } } : {}),
    interests: [],
    skills: '',
    participation: 'limited',
    preferredLanguage: 'fr',
    ...fields,
  };
}

const classA: SchoolClass = { ...meta(100), code: 'A', name: 'Classe A', levels: ['G1'], parentRepresentativeIds: [], studentRepresentativeIds: [] } as SchoolClass;
const classB: SchoolClass = { ...meta(101), code: 'B', name: 'Classe B', levels: ['G2'], parentRepresentativeIds: [], studentRepresentativeIds: [] } as SchoolClass;
const student = (n: number, classId: string): Student => ({ ...meta(n), firstName: `Enfant${n}`, lastName: 'Élève', level: 'G1', classId }) as Student;

// 1 is the viewer; 2 shares the viewer's child (same household); 3 and 4 are near; 5 is near but did not opt in;
// 6 is in another FSA; 7 has no address; 8 is near but hidden from the viewer by a safety restriction.
const parents = [
  parent(1, 'H2X 1Y4'),
  parent(2, 'H2X 1Y4'),
  parent(3, 'h2x 3a1', { participation: 'full' }),
  parent(4, 'H2X 2B2'),
  parent(5, 'H2X 1Y5'),
  parent(6, 'H3Z 2Y7'),
  parent(7, undefined),
  parent(8, 'H2X 9Z9', { safetyRestriction: { hiddenFrom: [id(1)] } }),
];
const students = [student(201, classA.id), student(202, classB.id), student(203, classA.id), student(204, classB.id)];
const families = [
  { parentId: id(1), studentId: id(201) },
  { parentId: id(2), studentId: id(201) },
  { parentId: id(3), studentId: id(202) },
  { parentId: id(3), studentId: id(203) },
  { parentId: id(4), studentId: id(204) },
];
const input = { parents, students, families, classes: [classB, classA], staff: [], committees: [], memberships: [] } as unknown as DirectoryInput;
const everyone = new Set(parents.map((p) => p.id).filter((p) => p !== id(5)));

function neighboursFor(viewer: number, optedIn = everyone) {
  const viewerParentIds = new Set([id(viewer)]);
  const visible = buildDirectoryResponse(input, { parentIds: viewerParentIds, staff: false });
  return neighboursOf({ parents, visible, optedIn, viewerParentIds });
}

describe('fsaOf', () => {
  it.each([
    ['h2x 1y4', 'H2X'],
    ['H2X1Y4', 'H2X'],
    ['h2x-1y4', 'H2X'],
    [' H2X 1Y4 ', 'H2X'],
  ])('%s is in %s', (postalCode, fsa) => expect(fsaOf(postalCode)).toBe(fsa));

  it.each([[undefined], [''], ['H2X'], ['12345'], ['D2X 1Y4']])('%s locates nothing', (postalCode) => expect(fsaOf(postalCode)).toBeUndefined());
});

describe('neighboursOf', () => {
  it('lists the other opted-in families of the same FSA, with their children\'s classes, in name order', () => {
    const found = neighboursFor(1);
    expect(found.map((n) => n.id)).toEqual([id(3), id(4)]);
    expect(found[0]!.classes.map((c) => c.code)).toEqual(['A', 'B']);
    expect(found[1]!.classes.map((c) => c.name)).toEqual(['Classe B']);
  });

  it('never lists a family that did not opt in, another FSA, no address, the viewer\'s own household or a restricted family', () => {
    const ids = neighboursFor(1).map((n) => n.id);
    for (const absent of [5, 6, 7, 2, 1, 8]) expect(ids).not.toContain(id(absent));
    // The restriction works both ways: the restricted parent does not find the viewer either.
    expect(neighboursFor(8).map((n) => n.id)).not.toContain(id(1));
  });

  it('lists nobody to a viewer who did not opt in, or has no postal code', () => {
    expect(neighboursFor(1, new Set([id(3), id(4)]))).toEqual([]);
    expect(neighboursFor(7)).toEqual([]);
  });

  it('opting out removes the family from the others\' lists', () => {
    expect(neighboursFor(4).map((n) => n.id)).toContain(id(1));
    const without1 = new Set([...everyone].filter((p) => p !== id(1)));
    expect(neighboursFor(4, without1).map((n) => n.id)).not.toContain(id(1));
  });

  it('shows only the contact fields the visibility rule shows this viewer: never a hidden address or phone', () => {
    const [full, limited] = neighboursFor(1);
    // Parent 3 shows everything to the school; parent 4 (limited) keeps the address for administrators only.
    expect(full!.address?.street).toBe('3, rue des Érables');
    expect(limited!.address).toBeUndefined();
    expect(limited!.phone).toBe('5140000004');
    expect(limited!.email).toBe('parent4@courriel.example');
    expect(JSON.stringify(limited)).not.toContain('rue des Érables');
  });
});
