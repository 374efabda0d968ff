import type { SchoolSnapshot, Staging } from '../../lambdas/progression/model';
import type { Level } from '@shared/schemas/common';
import type { Parent } from '@shared/schemas/parent';
import type { StagedNewStudent, StagedStudentChange } from '@shared/schemas/progression';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { Student } from '@shared/schemas/student';

/**
 * A tiny hand-made school for the progression's pure tests (not a test file): every case of the rules in a
 * dozen people, with readable ids (valid ULIDs whose last characters say who they are).
 */

export const AT = '2026-06-15T12:00:00.000Z';
export const id = (label: string) => `01JZ${label.toUpperCase().replace(/[^0-9A-HJKMNP-TV-Z]/g, '0').padStart(22, '0')}`;
const meta = (label: string) => ({ id: id(label), version: 1, createdAt: AT, updatedAt: AT });

export const LEVELS: Level[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  code: `G${n}`,
  order: n,
  label: { fr: `${n}e année`, en: `Grade ${n}` },
  shortLabel: { fr: `${n}e`, en: String(n) },
}));

export const settings: SchoolSettings = {
  schoolName: 'École des Tests',
  schoolYear: '2025-2026',
  contact: {},
  levels: LEVELS,
  graduatingLevel: 'G6',
  classStructure: 'multiGrade',
  version: 1,
  updatedAt: AT,
};

export function schoolClass(label: string, levels: string[], extra: Partial<SchoolClass> = {}): SchoolClass {
  return { ...meta(label), code: label.toUpperCase(), name: `Classe ${label}`, levels, parentRepresentativeIds: [], studentRepresentativeIds: [], ...extra };
}

export function student(label: string, level: string, classLabel: string): Student {
  return { ...meta(label), firstName: `Élève ${label}`, lastName: 'Côté', level, classId: id(classLabel) };
}

export function parent(label: string, email?: string): Parent {
  return {
    ...meta(label),
    firstName: `Parent ${label}`,
    lastName: 'Tremblay',
    ...(email ? { email } : {}),
    interests: [],
    skills: '',
    participation: 'full',
    preferredLanguage: 'fr',
  };
}

/**
 * Classes: A and B host G1-G2, C hosts G3-G4, D hosts G5-G6.
 * - s1 (G1, A) stays; s2 (G2, A) needs a class; s6 (G4, C) needs a class; s4 (G5, D) stays.
 * - s3 (G6, D) graduates: its only parent p1 is removed by default; p1 shares an email with p5 (kept).
 * - s5 (G6, D) graduates: its parent p2 also has s4, who stays: kept.
 * - s1 and s2 are siblings (p3); s6's parent p4 has no email.
 * - Class D has s3 and s4 as student representatives and p1 as parent representative.
 */
export function tinySchool(): SchoolSnapshot {
  const classes = [
    schoolClass('a', ['G1', 'G2']),
    schoolClass('b', ['G1', 'G2']),
    schoolClass('c', ['G3', 'G4']),
    schoolClass('d', ['G5', 'G6'], { studentRepresentativeIds: [id('s3'), id('s4')], parentRepresentativeIds: [id('p1')] }),
  ];
  const students = [
    student('s1', 'G1', 'a'),
    student('s2', 'G2', 'a'),
    student('s3', 'G6', 'd'),
    student('s4', 'G5', 'd'),
    student('s5', 'G6', 'd'),
    student('s6', 'G4', 'c'),
  ];
  const parents = [
    parent('p1', 'famille.un@test.example'),
    parent('p2', 'famille.deux@test.example'),
    parent('p3', 'famille.trois@test.example'),
    parent('p4'),
    parent('p5', 'famille.un@test.example'),
  ];
  const link = (p: string, s: string) => ({ parentId: id(p), studentId: id(s) });
  return {
    settings,
    classes,
    students,
    parents,
    families: [link('p1', 's3'), link('p2', 's4'), link('p2', 's5'), link('p3', 's1'), link('p3', 's2'), link('p4', 's6'), link('p5', 's1')],
    memberships: [{ committeeId: id('cm1'), personType: 'PARENT', personId: id('p1'), role: 'member' }],
  };
}

export const PROGRESSION_ID = id('prog');

export function newStudent(label: string, parents: Pick<StagedNewStudent, 'parent1' | 'parent2'>, level = 'G1', classLabel = 'b'): StagedNewStudent {
  return {
    progressionId: PROGRESSION_ID,
    newStudentId: id(label),
    student: { firstName: `Nouveau ${label}`, lastName: 'Gagnon', level, classId: id(classLabel) },
    ...parents,
  };
}

export function staging(rows: StagedStudentChange[], extra: Partial<Staging> = {}): Staging {
  return { students: rows, newStudents: [], decisions: [], ...extra };
}
