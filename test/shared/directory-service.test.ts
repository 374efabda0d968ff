import { describe, expect, it } from 'vitest';
import { buildDirectoryResponse, type DirectoryInput } from '../../lambdas/directory/directory-service';
import { generateSchool } from '../../local/demo/generate-school';
import { DirectoryResponseSchema, studentParentIndexes, type DirectoryResponse } from '@shared/contracts/directory-api';
import type { Committee } from '@shared/schemas/committee';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { Staff } from '@shared/schemas/staff';
import type { Student } from '@shared/schemas/student';

/**
 * GET /api/directory's pure service (lambdas/directory/directory-service.ts): participation rules, relations
 * as positions, determinism. It needs no AWS, so it runs with the unit project.
 */

const AT = '2025-08-25T12:00:00.000Z';
const meta = (n: number) => ({ id: `01K3J4A0${String(n).padStart(18, '0')}`, version: 1, createdAt: AT, updatedAt: AT });

const settings: SchoolSettings = {
  schoolName: 'École des Trembles',
  schoolYear: '2025-2026',
  contact: {},
  levels: [
    { code: 'G2', order: 2, label: { fr: '2e année', en: 'Grade 2' }, shortLabel: { fr: '2e', en: '2' } },
    { code: 'G1', order: 1, label: { fr: '1re année', en: 'Grade 1' }, shortLabel: { fr: '1re', en: '1' } },
  ],
  graduatingLevel: 'G2',
  classStructure: 'multiGrade',
  version: 3,
  updatedAt: AT,
};

function parent(n: number, fields: Partial<Parent>): Parent {
  return {
    ...meta(n),
    firstName: 'Prénom',
    lastName: `Parent${n}`,
    interests: [],
    skills: '',
    participation: 'full',
    preferredLanguage: 'fr',
    ...fields,
  };
}

// Distinctive values, so a leak is found by searching the serialized response for them.
const full = parent(1, {
  firstName: 'Marie-Ève',
  email: 'marie-eve@courriel.example',
  phone: '5141110001',
  address: { street: '11, rue Pleine', city: 'Montréal', postalCode: 'H1A 1A1' },
  interests: ['gardening', 'music'],
  skills: 'Menuiserie fine',
});
const limited = parent(2, {
  firstName: 'Louis',
  email: 'louis@courriel.example',
  phone: '5142220002',
  address: { street: '22, rue Limitée', city: 'Laval', postalCode: 'H7B 2B2' },
  interests: ['robotics'],
  skills: 'Soudure artistique',
  participation: 'limited',
});
// Stored data should never hold a phone or an address for a name-only parent (the schema refuses it), but the
// service must hide them anyway: old data, or a bug elsewhere, must not reach the browser.
const nameOnly = parent(3, {
  firstName: 'Zoé',
  email: 'zoe@courriel.example',
  phone: '5143330003',
  address: { street: '33, rue Cachée', city: 'Longueuil', postalCode: 'J4K 3C3' },
  interests: ['photography'],
  skills: 'Calligraphie',
  participation: 'nameOnly',
});

const teacher: Staff = {
  ...meta(10),
  firstName: 'Hélène',
  lastName: 'Gagné-Côté',
  email: 'helene@ecole.example',
  phone: '5145550101',
  title: { fr: 'Enseignante', en: 'Teacher' },
  department: 'teaching',
  interests: ['reading'],
};
const principal: Staff = { ...teacher, ...meta(11), firstName: 'Paul', title: { fr: 'Directeur', en: 'Principal' }, interests: [] };
delete principal.phone;

const classB: SchoolClass = {
  ...meta(21), code: 'B', name: 'Classe B', levels: ['G1', 'G2'], parentRepresentativeIds: [], studentRepresentativeIds: [],
};
const classA: SchoolClass = {
  ...meta(20),
  code: 'A',
  name: 'Classe A',
  levels: ['G1', 'G2'],
  teacherId: teacher.id,
  parentRepresentativeIds: [full.id, nameOnly.id],
  studentRepresentativeIds: [meta(30).id],
};
const student = (n: number, classId: string, level = 'G1'): Student => ({
  ...meta(n), firstName: `Élève${n}`, lastName: 'Dubé', level, classId,
});
const ce: Committee = {
  ...meta(40),
  name: { fr: "Conseil d'établissement", en: 'Governing board' },
  kind: 'ce',
  otherMembers: [
    { firstName: 'Jean-Guy', lastName: 'Beauchemin', role: 'member' },
    { firstName: 'Hélène', lastName: "L'Espérance", role: 'communityRepresentative', affiliation: 'Maison de la famille' },
  ],
};
const bazaar: Committee = { ...meta(41), name: { fr: 'Bazar', en: 'Bazaar' }, kind: 'volunteer', otherMembers: [] };

function input(overrides: Partial<DirectoryInput> = {}): DirectoryInput {
  return {
    settings,
    classes: [classB, classA],
    students: [student(30, classA.id), student(31, classA.id, 'G2'), student(32, classB.id)],
    parents: [full, limited, nameOnly],
    staff: [principal, teacher],
    committees: [bazaar, ce],
    families: [
      { parentId: full.id, studentId: meta(30).id },
      { parentId: full.id, studentId: meta(31).id },
      { parentId: limited.id, studentId: meta(31).id },
      { parentId: nameOnly.id, studentId: meta(32).id },
      // A link to a student the read skipped: it must not leave a dangling position.
      { parentId: limited.id, studentId: meta(99).id },
    ],
    memberships: [
      { committeeId: ce.id, personType: 'PARENT', personId: limited.id, role: 'member' },
      { committeeId: ce.id, personType: 'PARENT', personId: full.id, role: 'chair' },
      { committeeId: ce.id, personType: 'PARENT', personId: nameOnly.id, role: 'secretary' },
      { committeeId: ce.id, personType: 'STAFF', personId: principal.id, role: 'nonVoting' },
      { committeeId: ce.id, personType: 'STAFF', personId: teacher.id, role: 'member' },
      { committeeId: bazaar.id, personType: 'PARENT', personId: nameOnly.id, role: 'volunteer' },
      { committeeId: bazaar.id, personType: 'STAFF', personId: teacher.id, role: 'coordinator' },
    ],
    ...overrides,
  };
}

const build = (overrides: Partial<DirectoryInput> = {}): DirectoryResponse => buildDirectoryResponse(input(overrides));
const byFirstName = (response: DirectoryResponse, firstName: string) =>
  response.parents.find((p) => p.firstName === firstName)!;

describe('directory participation (docs/product-rules.md), applied on the server', () => {
  const response = build();
  const serialized = JSON.stringify(response);

  it('shows everything of a full parent', () => {
    expect(byFirstName(response, 'Marie-Ève')).toEqual({
      id: full.id,
      firstName: 'Marie-Ève',
      lastName: 'Parent1',
      email: 'marie-eve@courriel.example',
      phone: '5141110001',
      address: { street: '11, rue Pleine', city: 'Montréal', postalCode: 'H1A 1A1' },
      interests: ['gardening', 'music'],
      skills: 'Menuiserie fine',
      childIndexes: [0, 1],
    });
  });

  it('shows only name, email and phone of a limited parent: no address, interests or skills anywhere', () => {
    expect(byFirstName(response, 'Louis')).toEqual({
      id: limited.id,
      firstName: 'Louis',
      lastName: 'Parent2',
      email: 'louis@courriel.example',
      phone: '5142220002',
      childIndexes: [1],
    });
    for (const hidden of ['rue Limitée', 'Laval', 'H7B 2B2', 'robotics', 'Soudure']) expect(serialized).not.toContain(hidden);
  });

  it('shows only name and email of a name-only parent: no phone, address, interests, skills or seats', () => {
    expect(byFirstName(response, 'Zoé')).toEqual({
      id: nameOnly.id,
      firstName: 'Zoé',
      lastName: 'Parent3',
      email: 'zoe@courriel.example',
      childIndexes: [2],
    });
    for (const hidden of ['5143330003', '333-0003', 'rue Cachée', 'Longueuil', 'J4K 3C3', 'photography', 'Calligraphie']) {
      expect(serialized).not.toContain(hidden);
    }
    const nameOnlyIndex = response.parents.findIndex((p) => p.id === nameOnly.id);
    const seats = response.committees.flatMap((c) => c.parents.map((seat) => seat.parentIndex));
    expect(seats).not.toContain(nameOnlyIndex);
    expect(response.classes.flatMap((c) => c.parentRepIndexes)).not.toContain(nameOnlyIndex);
  });

  it('keeps committee seats of full and limited parents, in hierarchy order', () => {
    const board = response.committees.find((c) => c.kind === 'ce')!;
    const parentIndex = (p: Parent) => response.parents.findIndex((x) => x.id === p.id);
    expect(board.parents).toEqual([
      { parentIndex: parentIndex(full), role: 'chair' },
      { parentIndex: parentIndex(limited), role: 'member' },
    ]);
    expect(response.committees.find((c) => c.kind === 'volunteer')!.parents).toEqual([]);
  });

  it('never copies fields it was not told to show (meta, language, participation, unknown attributes)', () => {
    const withExtra = { ...full, notes: 'Allergie aux arachides', preferredLanguage: 'en' } as Parent;
    const text = JSON.stringify(build({ parents: [withExtra, limited, nameOnly] }));
    for (const leaked of ['Allergie', 'preferredLanguage', 'participation', 'version', 'createdAt', 'updatedAt']) {
      expect(text).not.toContain(leaked);
    }
  });
});

describe('directory relations and shape', () => {
  const response = build();

  it('matches the shared schema exactly, with no unknown keys and no dangling positions', () => {
    // A tolerant schema strips unknown keys: equality after parsing proves there were none.
    expect(DirectoryResponseSchema.parse(response)).toEqual(response);
    expect(JSON.stringify(response)).not.toContain('null');
    const broken = { ...response, parents: [{ ...response.parents[0]!, childIndexes: [7] }] };
    expect(DirectoryResponseSchema.safeParse(broken).success).toBe(false);
  });

  it('resolves classes, teachers, students and families as positions', () => {
    expect(response.classes.map((c) => c.code)).toEqual(['A', 'B']);
    expect(response.classes[0]).toMatchObject({ teacherIndex: 1, parentRepIndexes: [0], studentRepIndexes: [0] });
    expect(response.classes[1]).not.toHaveProperty('teacherIndex');
    expect(response.students.map((s) => s.classIndex)).toEqual([0, 0, 1]);
    expect(response.students[0]).toEqual({ firstName: 'Élève30', lastName: 'Dubé', level: 'G1', classIndex: 0 });
    // Student 31 has two parents (full and limited); 30 and 31 are siblings through the full parent.
    expect(studentParentIndexes(response)).toEqual([[0], [0, 1], [2]]);
  });

  it('gives staff their classes and their CE role and rank, and keeps other members apart', () => {
    expect(response.staff[1]).toMatchObject({ id: teacher.id, classIndexes: [0], ceRole: 'member', ceRank: 7 });
    expect(response.staff[0]).toMatchObject({ id: principal.id, classIndexes: [], ceRole: 'nonVoting', ceRank: 10 });
    expect(response.staff[0]).not.toHaveProperty('phone');
    expect(response.staff[0]).not.toHaveProperty('interests');
    const board = response.committees[0]!;
    expect(board.staff).toEqual([
      { staffIndex: 1, role: 'member' },
      { staffIndex: 0, role: 'nonVoting' },
    ]);
    expect(board.others.map((o) => o.lastName)).toEqual(['Beauchemin', "L'Espérance"]);
    expect(board.others[0]).not.toHaveProperty('affiliation');
  });

  it('lists the CE first and carries the school settings with levels in order', () => {
    expect(response.committees.map((c) => c.kind)).toEqual(['ce', 'volunteer']);
    expect(response.school).toEqual({
      name: 'École des Trembles',
      year: '2025-2026',
      levels: [settings.levels[1], settings.levels[0]],
      graduatingLevel: 'G2',
    });
    expect(build({ settings: undefined })).not.toHaveProperty('school');
  });

  it('is deterministic: the same data gives the same bytes, whatever order the lists came in', () => {
    const shuffled = input();
    shuffled.committees.reverse();
    shuffled.classes.reverse();
    shuffled.memberships.reverse();
    expect(JSON.stringify(buildDirectoryResponse(shuffled))).toBe(JSON.stringify(response));
    expect(JSON.stringify(buildDirectoryResponse(input()))).toBe(JSON.stringify(response));
  });
});

describe('directory of the generated demo school', () => {
  const school = generateSchool();
  const response = buildDirectoryResponse(school);

  it('has one entry per stored entity and a valid shape', () => {
    expect(response.students).toHaveLength(school.students.length);
    expect(response.parents).toHaveLength(school.parents.length);
    expect(response.staff).toHaveLength(school.staff.length);
    expect(response.classes).toHaveLength(school.classes.length);
    expect(response.committees).toHaveLength(school.committees.length);
    expect(response.parents.reduce((n, p) => n + p.childIndexes.length, 0)).toBe(school.families.length);
    expect(DirectoryResponseSchema.parse(response)).toEqual(response);
  });

  it('applies every parent`s participation', () => {
    const allowed = {
      full: ['id', 'firstName', 'lastName', 'email', 'phone', 'address', 'interests', 'skills', 'childIndexes'],
      limited: ['id', 'firstName', 'lastName', 'email', 'phone', 'childIndexes'],
      nameOnly: ['id', 'firstName', 'lastName', 'email', 'childIndexes'],
    };
    const seated = new Set(response.committees.flatMap((c) => c.parents.map((s) => s.parentIndex)));
    const counts = { full: 0, limited: 0, nameOnly: 0 };
    school.parents.forEach((stored, i) => {
      counts[stored.participation]++;
      const keys = Object.keys(response.parents[i]!);
      expect(allowed[stored.participation]).toEqual(expect.arrayContaining(keys));
      if (stored.participation === 'nameOnly') expect(seated.has(i)).toBe(false);
    });
    expect(counts.limited).toBeGreaterThan(0);
    expect(counts.nameOnly).toBeGreaterThan(0);
  });
});

describe('the directory per viewer (shared/rules/visibility.ts)', () => {
  // Marie-Ève (class A) shares student 31's class with Louis; Zoé's child is in class B.
  const custom = { ...full, audiences: { email: 'school', phone: 'classes', address: 'admins', profile: 'classes' } as const };
  const as = (viewer: { parentIds: string[]; staff?: boolean }, parents = [custom, limited, nameOnly]) =>
    buildDirectoryResponse(input({ parents }), { parentIds: new Set(viewer.parentIds), staff: viewer.staff ?? false });

  it('the phone for the same class and staff, never for another class; the address for nobody but herself', () => {
    const sameClass = byFirstName(as({ parentIds: [limited.id] }), 'Marie-Ève');
    const otherClass = byFirstName(as({ parentIds: [nameOnly.id] }), 'Marie-Ève');
    const staff = byFirstName(as({ parentIds: [], staff: true }), 'Marie-Ève');
    const self = byFirstName(as({ parentIds: [full.id] }), 'Marie-Ève');
    expect([sameClass.phone, staff.phone, otherClass.phone]).toEqual([full.phone, full.phone, undefined]);
    expect(otherClass.interests).toBeUndefined();
    expect(sameClass.interests).toEqual(full.interests);
    expect([sameClass.address, staff.address, otherClass.address]).toEqual([undefined, undefined, undefined]);
    expect(self.address).toEqual(full.address);
    expect(JSON.stringify(as({ parentIds: [nameOnly.id] }))).not.toContain(full.phone);
  });

  it('a safety restriction hides the family from the named household only, roles included', () => {
    const restricted = { ...full, safetyRestriction: { hiddenFrom: [nameOnly.id] } };
    const hidden = as({ parentIds: [nameOnly.id] }, [restricted, limited, nameOnly]);
    const seen = as({ parentIds: [limited.id] }, [restricted, limited, nameOnly]);
    const index = hidden.parents.findIndex((p) => p.firstName === 'Marie-Ève');
    expect(hidden.parents[index]).toEqual({ id: full.id, firstName: 'Marie-Ève', lastName: full.lastName, childIndexes: [0, 1] });
    expect(JSON.stringify(hidden)).not.toContain(full.email);
    // Like a name-only parent: not listed on committees nor as a class representative for that household.
    expect(hidden.committees.flatMap((c) => c.parents.map((s) => s.parentIndex))).not.toContain(index);
    expect(hidden.classes.flatMap((c) => c.parentRepIndexes)).not.toContain(index);
    expect(byFirstName(seen, 'Marie-Ève').phone).toBe(full.phone);
    expect(seen.committees.flatMap((c) => c.parents.map((s) => s.parentIndex))).toContain(index);
  });
});
