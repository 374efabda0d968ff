import { describe, expect, it } from 'vitest';
import type { AdminDirectory } from '../../frontend/src/features/admin-data/api/admin-data-client';
import {
  classValues,
  committeeValues,
  duplicateMembers,
  fieldOf,
  searchRecords,
  serverFieldErrors,
  staffValues,
  studentValues,
  validateRecord,
} from '../../frontend/src/features/admin-data/model/entity-edit';
import { blankParentValues, validateParent } from '../../frontend/src/features/admin-data/model/parent-edit';
import type { Committee, Membership } from '@shared/schemas/committee';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { Staff } from '@shared/schemas/staff';

/** Ids are ULIDs, as the schemas want. */
const id = (name: string) => `01HZY${name.padStart(21, '0')}`;
const [T1, C1, C2, S1, S9, P1, P2, K1, K2] = ['T1', 'C1', 'C2', 'S1', 'S9', 'P1', 'P2', 'K1', 'K2'].map(id) as [string, string, string, string, string, string, string, string, string];
const meta = { version: 4, createdAt: '2025-09-01T12:00:00.000Z', updatedAt: '2025-09-01T12:00:00.000Z' };
const staff: Staff = {
  ...meta,
  id: T1,
  firstName: 'Josée',
  lastName: 'Lavoie',
  email: 'josee.lavoie@ecole.example',
  phone: '5145551234',
  title: { fr: 'Enseignante de 3e année', en: 'Grade 3 teacher' },
  department: 'teaching',
  interests: ['sports'],
} as Staff;
const schoolClass = {
  ...meta,
  id: C1,
  code: '3A',
  name: 'Classe des Hiboux',
  levels: ['3'],
  teacherId: T1,
  parentRepresentativeIds: [P1],
  studentRepresentativeIds: [S1],
} as SchoolClass;
const committee = {
  ...meta,
  id: K1,
  name: { fr: "Conseil d'établissement", en: 'Governing board' },
  kind: 'ce',
  otherMembers: [{ firstName: 'Anne', lastName: 'Roy', role: 'communityRepresentative' }],
} as Committee;
const memberships: Membership[] = [
  { committeeId: K1, personType: 'STAFF', personId: T1, role: 'chair' },
  { committeeId: K2, personType: 'PARENT', personId: P1, role: 'member' },
];
const directory = {
  classes: [schoolClass, { ...schoolClass, id: C2, code: '1B', name: 'Classe des Abeilles' }],
  students: [{ ...meta, id: S1, firstName: 'Léa', lastName: 'Côté', level: '3', classId: C1 }],
  parents: [{ ...meta, id: P1, firstName: 'Marie', lastName: 'Côté', email: 'marie@courriel.example' }],
  families: [{ parentId: P1, studentId: S1 }, { parentId: P2, studentId: S9 }],
  staff: [staff],
  committees: [committee],
  memberships,
} as unknown as AdminDirectory;

describe('edit tab search, per kind of record', () => {
  it('finds staff by name or title and committees in the admin language', () => {
    expect(searchRecords(directory, 'staff', 'josee', 'fr').map((hit) => hit.id)).toEqual([T1]);
    expect(searchRecords(directory, 'staff', 'grade 3', 'en').map((hit) => hit.detail)).toEqual(['Grade 3 teacher']);
    expect(searchRecords(directory, 'committee', 'governing', 'en').map((hit) => hit.name)).toEqual(['Governing board']);
  });

  it('lists every class and committee, by name, before a query', () => {
    expect(searchRecords(directory, 'class', '', 'fr').map((hit) => hit.name)).toEqual(['Classe des Abeilles', 'Classe des Hiboux']);
    // With the grades each takes (a trial learned them only from a refusal), in the admin's language.
    const withLevels = { ...directory, settings: { levels: [{ code: '3', label: { fr: '3e année', en: 'Grade 3' } }] } } as unknown as AdminDirectory;
    expect(searchRecords(withLevels, 'class', 'hiboux', 'fr').map((hit) => hit.detail)).toEqual(['3A · 3e année']);
    expect(searchRecords(withLevels, 'class', 'hiboux', 'en').map((hit) => hit.detail)).toEqual(['3A · Grade 3']);
    expect(searchRecords(directory, 'committee', ' ', 'fr')).toHaveLength(1);
    expect(searchRecords(directory, 'staff', '', 'fr')).toEqual([]);
  });
});

describe('records as form values and back', () => {
  it('a staff member: phone shown formatted, sent as digits, interests kept, title in both languages', () => {
    const values = staffValues(staff);
    expect(values).toMatchObject({ phone: '514 555-1234', titleFr: 'Enseignante de 3e année', department: 'teaching' });
    const result = validateRecord('staff', values);
    expect(result).toEqual({
      ok: true,
      input: {
        firstName: 'Josée',
        lastName: 'Lavoie',
        email: 'josee.lavoie@ecole.example',
        phone: '5145551234',
        title: { fr: 'Enseignante de 3e année', en: 'Grade 3 teacher' },
        department: 'teaching',
        interests: ['sports'],
      },
    });
  });

  it('a new staff member: each missing or wrong field has its message', () => {
    const result = validateRecord('staff', { ...staffValues(), lastName: 'Roy', email: 'roy@', phone: '123', titleEn: 'Clerk' });
    expect(result).toEqual({
      ok: false,
      errors: { firstName: 'required', email: 'invalidEmail', phone: 'invalidPhone', titleFr: 'required', department: 'required' },
    });
  });

  it('a student carries their parents from the family links; the same parent twice is refused', () => {
    const values = studentValues(directory.students[0], directory);
    expect(values.parentIds).toEqual([P1]);
    expect(validateRecord('student', values).ok).toBe(true);
    expect(validateRecord('student', { ...values, parentIds: [P1, P1] })).toEqual({ ok: false, errors: { parentIds: 'duplicate' } });
    expect(validateRecord('student', studentValues(undefined, directory))).toMatchObject({
      ok: false,
      errors: { firstName: 'required', lastName: 'required', level: 'required', classId: 'required' },
    });
  });

  it('a class keeps its student representatives; no teacher is sent as none', () => {
    const result = validateRecord('class', { ...classValues(schoolClass), teacherId: '' });
    expect(result.ok && result.input).toEqual({
      code: '3A',
      name: 'Classe des Hiboux',
      levels: ['3'],
      parentRepresentativeIds: [P1],
      studentRepresentativeIds: [S1],
    });
    expect(validateRecord('class', { ...classValues(), code: '3B', name: 'X' })).toEqual({ ok: false, errors: { levels: 'required' } });
  });

  it('a committee: its own members with their roles, its other members kept; duplicates are seen', () => {
    const values = committeeValues(committee, memberships);
    expect(values.members).toEqual([{ personType: 'STAFF', personId: T1, role: 'chair' }]);
    const result = validateRecord('committee', { ...values, members: [...values.members, { personType: 'PARENT', personId: P1, role: 'secretary' }] });
    expect(result.ok && result.input.members).toHaveLength(2);
    expect(result.ok && result.input.otherMembers).toEqual(committee.otherMembers);
    expect(validateRecord('committee', { ...values, nameEn: ' ', kind: '' })).toEqual({ ok: false, errors: { nameEn: 'required', kind: 'required' } });
    // A row added and left without a person says what to do (« Vérifiez ce champ » said nothing).
    expect(validateRecord('committee', { ...values, members: [...values.members, { personType: 'PARENT', personId: '', role: 'member' }] })).toEqual({
      ok: false,
      errors: { members: 'choosePerson' },
    });
    expect(duplicateMembers([...values.members, { personType: 'STAFF', personId: T1, role: 'member' }])).toBe(true);
    expect(duplicateMembers([...values.members, { personType: 'PARENT', personId: T1, role: 'member' }])).toBe(false);
  });

  it('a new parent starts blank and needs a name', () => {
    expect(validateParent(blankParentValues())).toMatchObject({ ok: false, errors: { firstName: 'required', lastName: 'required' }, unplaced: [] });
  });

  it('a new parent with only a name is valid, and its body has no version (the create route takes none)', () => {
    const result = validateParent({ ...blankParentValues(), firstName: 'Marie', lastName: 'Tremblay' });
    expect(result).toMatchObject({ ok: true, input: { firstName: 'Marie', lastName: 'Tremblay', preferredLanguage: 'fr' } });
    expect(result.ok && 'version' in result.input).toBe(false);
  });
});

describe('server refusals on their fields', () => {
  it('maps body paths to fields and issue codes to messages', () => {
    expect(fieldOf(['title', 'en'])).toBe('titleEn');
    expect(fieldOf(['members', 2, 'personId'])).toBe('members');
    expect(
      serverFieldErrors([
        { path: 'teacherId', issue: 'not_found' },
        { path: 'code', issue: 'duplicate' },
        { path: 'level', issue: 'not_in_class' },
        { path: 'members.0.personId', issue: 'name_only' },
        { path: 'name', issue: 'duplicate_name' },
      ]),
    ).toEqual({ teacherId: 'notFound', code: 'duplicate', level: 'notInClass', members: 'nameOnly', name: 'nameTaken' });
  });
});
