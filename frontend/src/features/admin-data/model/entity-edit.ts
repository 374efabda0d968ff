import type { z } from 'zod';
import {
  ClassInputSchema,
  CommitteeInputSchema,
  StaffInputSchema,
  StudentInputSchema,
  type ClassInput,
  type CommitteeInput,
  type StaffInput,
  type StudentInput,
} from '@shared/contracts/admin-api';
import { formatPhone } from '@shared/format/phone';
import { createMatcher } from '@shared/rules/search';
import type { Language } from '@shared/schemas/common';
import type { Committee, CommitteeKind, Membership } from '@shared/schemas/committee';
import type { CommitteeRole } from '@shared/schemas/committee-roles';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { Staff, StaffDepartment } from '@shared/schemas/staff';
import type { Student } from '@shared/schemas/student';
import type { AdminDirectory } from '../api/admin-data-client';
import { languageCompare } from '@shared/format/collation';

/**
 * The edit tab's one pattern for every kind of record (find, add, edit, delete), kept out of React so it is
 * unit-tested: a record as form values (strings and id lists), the values back to the API's input checked with
 * the server's own zod schema (shared/contracts/admin-api.ts), and zod or server issues as message keys per field.
 */

export const ENTITY_KINDS = ['parent', 'student', 'staff', 'class', 'committee'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** The API path segment of each kind: /api/admin/{segment}[/{id}]. */
export const ENTITY_PATH: Record<EntityKind, string> = {
  parent: 'parents',
  student: 'students',
  staff: 'staff',
  class: 'classes',
  committee: 'committees',
};

export interface RecordHit {
  id: string;
  name: string;
  /** Email, class code or kind: tells namesakes apart. */
  detail: string;
}

const MAX_HITS = 20;

/** Every record of a kind, as a name and a detail (the pickers' options and the search's haystack). */
export function recordsOf(directory: AdminDirectory, kind: EntityKind, lang: Language): RecordHit[] {
  const classCode = new Map(directory.classes.map((c) => [c.id, c.code]));
  switch (kind) {
    case 'parent':
      return directory.parents.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`, detail: p.email ?? '' }));
    case 'student':
      return directory.students.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`, detail: classCode.get(s.classId) ?? '' }));
    case 'staff':
      return (directory.staff ?? []).map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`, detail: s.title[lang] }));
    case 'class': {
      // The grades each class takes, beside its code: the student form's picker said « Classe A / A » and a trial
      // learned which grades it took only from the refusal « Ce niveau n'est pas accueilli dans cette classe ».
      const levelLabel = new Map((directory.settings?.levels ?? []).map((l) => [l.code, l.label[lang]]));
      return directory.classes.map((c) => ({ id: c.id, name: c.name, detail: [c.code, c.levels.map((l) => levelLabel.get(l) ?? l).join(', ')].filter(Boolean).join(' · ') }));
    }
    case 'committee':
      return (directory.committees ?? []).map((c) => ({ id: c.id, name: c.name[lang], detail: c.name[lang === 'fr' ? 'en' : 'fr'] }));
  }
}

/**
 * The search of one kind, accent- and punctuation-blind (shared/rules/search.ts), at most 20 hits. An empty query lists
 * the classes and committees (a school has few) and nothing of the people.
 */
export function searchRecords(directory: AdminDirectory, kind: EntityKind, query: string, lang: Language): RecordHit[] {
  const records = recordsOf(directory, kind, lang);
  if (query.trim() === '') {
    return kind === 'class' || kind === 'committee'
      ? [...records].sort((a, b) => languageCompare(lang)(a.name, b.name)).slice(0, MAX_HITS)
      : [];
  }
  return createMatcher(records, (hit) => [hit.name, hit.detail])(query).slice(0, MAX_HITS);
}

export interface StaffValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  titleFr: string;
  titleEn: string;
  department: StaffDepartment | '';
  /** Kept as read: a PUT replaces every field. */
  interests: Staff['interests'];
}

export interface StudentValues {
  firstName: string;
  lastName: string;
  level: string;
  classId: string;
  /** For the school's staff only (shared/rules/visibility.ts); blank: none. */
  staffNote: string;
  parentIds: string[];
}

export interface ClassValues {
  code: string;
  name: string;
  levels: string[];
  teacherId: string;
  parentRepresentativeIds: string[];
  studentRepresentativeIds: string[];
}

export interface MemberValues {
  personType: 'PARENT' | 'STAFF';
  personId: string;
  role: CommitteeRole;
  /** Shown only ("signed up on <date>"), never sent: the server keeps the date of a seat it already holds. */
  signedUpAt?: string;
}

export interface CommitteeValues {
  nameFr: string;
  nameEn: string;
  kind: CommitteeKind | '';
  members: MemberValues[];
  description?: Committee['description'];
  otherMembers: Committee['otherMembers'];
  /** Parents may join it from the update form and My Profile (docs/product-rules.md, Committee sign-ups). */
  openToSignUps: boolean;
}

export interface ValuesOf {
  staff: StaffValues;
  student: StudentValues;
  class: ClassValues;
  committee: CommitteeValues;
}
export type FormKind = keyof ValuesOf;
export interface InputOf {
  staff: StaffInput;
  student: StudentInput;
  class: ClassInput;
  committee: CommitteeInput;
}

export const staffValues = (staff?: Staff): StaffValues => ({
  firstName: staff?.firstName ?? '',
  lastName: staff?.lastName ?? '',
  email: staff?.email ?? '',
  phone: staff?.phone ? formatPhone(staff.phone) : '',
  titleFr: staff?.title.fr ?? '',
  titleEn: staff?.title.en ?? '',
  department: staff?.department ?? '',
  interests: staff ? [...staff.interests] : [],
});

export function studentValues(student: Student | undefined, directory: AdminDirectory): StudentValues {
  return {
    firstName: student?.firstName ?? '',
    lastName: student?.lastName ?? '',
    level: student?.level ?? '',
    classId: student?.classId ?? '',
    staffNote: student?.staffNote ?? '',
    parentIds: student ? directory.families.filter((f) => f.studentId === student.id).map((f) => f.parentId) : [],
  };
}

export const classValues = (schoolClass?: SchoolClass): ClassValues => ({
  code: schoolClass?.code ?? '',
  name: schoolClass?.name ?? '',
  levels: schoolClass ? [...schoolClass.levels] : [],
  teacherId: schoolClass?.teacherId ?? '',
  parentRepresentativeIds: schoolClass ? [...schoolClass.parentRepresentativeIds] : [],
  studentRepresentativeIds: schoolClass ? [...schoolClass.studentRepresentativeIds] : [],
});

export function committeeValues(committee: Committee | undefined, memberships: readonly Membership[]): CommitteeValues {
  return {
    nameFr: committee?.name.fr ?? '',
    nameEn: committee?.name.en ?? '',
    kind: committee?.kind ?? '',
    members: committee
      ? memberships
          .filter((m) => m.committeeId === committee.id)
          .map(({ personType, personId, role, signedUpAt }) => ({ personType, personId, role, ...(signedUpAt ? { signedUpAt } : {}) }))
      : [],
    ...(committee?.description ? { description: committee.description } : {}),
    otherMembers: committee ? [...committee.otherMembers] : [],
    openToSignUps: committee?.openToSignUps === true,
  };
}

/** A choice not made yet: absent, so the schema says "required" rather than "invalid". */
const blankAsNone = (value: string) => (value === '' ? undefined : value);

/** The raw body of each kind, before the schema checks it (empty strings mean "none"). */
function rawInput<K extends FormKind>(kind: K, values: ValuesOf[K]): unknown {
  switch (kind) {
    case 'staff': {
      const v = values as StaffValues;
      return {
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email.trim(),
        phone: v.phone.trim(),
        title: { fr: v.titleFr, en: v.titleEn },
        department: blankAsNone(v.department),
        interests: v.interests,
      };
    }
    case 'student': {
      const v = values as StudentValues;
      return {
        firstName: v.firstName,
        lastName: v.lastName,
        level: blankAsNone(v.level),
        classId: blankAsNone(v.classId),
        staffNote: v.staffNote,
        parentIds: v.parentIds,
      };
    }
    case 'class': {
      const v = values as ClassValues;
      return {
        code: v.code,
        name: v.name,
        levels: v.levels,
        teacherId: v.teacherId,
        parentRepresentativeIds: v.parentRepresentativeIds,
        studentRepresentativeIds: v.studentRepresentativeIds,
      };
    }
    default: {
      const v = values as CommitteeValues;
      return {
        name: { fr: v.nameFr, en: v.nameEn },
        kind: blankAsNone(v.kind),
        ...(v.description ? { description: v.description } : {}),
        otherMembers: v.otherMembers.map(({ affiliation, ...other }) => ({ ...other, ...(affiliation?.trim() ? { affiliation } : {}) })),
        members: v.members.map(({ personType, personId, role }) => ({ personType, personId, role })),
        openToSignUps: v.openToSignUps,
      };
    }
  }
}

const SCHEMAS: { [K in FormKind]: z.ZodType<InputOf[K]> } = {
  staff: StaffInputSchema as unknown as z.ZodType<StaffInput>,
  student: StudentInputSchema as unknown as z.ZodType<StudentInput>,
  class: ClassInputSchema as unknown as z.ZodType<ClassInput>,
  committee: CommitteeInputSchema as unknown as z.ZodType<CommitteeInput>,
};

/** Message keys, under `adminData.form.errors`. */
export type FieldErrorCode = 'required' | 'invalid' | 'invalidEmail' | 'invalidPhone' | 'tooLong' | 'noteTooLong' | 'tooMany' | 'duplicate' | 'notFound' | 'notInClass' | 'nameOnly' | 'choosePerson' | 'otherName' | 'nameTaken';
export type EntityFieldErrors = Record<string, FieldErrorCode>;

/** A body path (`title.fr`, `members.2.personId`) as the form field showing it (`titleFr`, `members`). */
export function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if ((first === 'title' || first === 'name') && (second === 'fr' || second === 'en')) {
    return `${first}${second === 'fr' ? 'Fr' : 'En'}`;
  }
  return first ?? '';
}

/** A zod issue (or a server issue code) as the message of its field. */
export function errorCode(field: string, issue: { code: string; minimum?: unknown; message?: string }): FieldErrorCode {
  const { code } = issue;
  if (code === 'duplicate_name') return 'nameTaken';
  if (issue.message === 'duplicate_parent' || code === 'duplicate' || issue.message === 'duplicate_level') return 'duplicate';
  if (code === 'not_found') return 'notFound';
  if (code === 'not_in_class' || code === 'unknown_level') return 'notInClass';
  if (code === 'name_only') return 'nameOnly';
  if (code === 'too_big' && field === 'staffNote') return 'noteTooLong';
  if (code === 'too_big') return Array.isArray(issue.minimum) || field.endsWith('Ids') || field === 'members' || field === 'levels' ? 'tooMany' : 'tooLong';
  if (code === 'too_small' || code === 'invalid_value' && field !== 'email') return 'required';
  if (field === 'email') return 'invalidEmail';
  if (field === 'phone') return 'invalidPhone';
  if (code === 'invalid_type') return 'required';
  return 'invalid';
}

/** Checks the values with the server's own schema: the input to send, or one message key per field. */
export function validateRecord<K extends FormKind>(
  kind: K,
  values: ValuesOf[K],
): { ok: true; input: InputOf[K] } | { ok: false; errors: EntityFieldErrors } {
  const result = SCHEMAS[kind].safeParse(rawInput(kind, values));
  if (result.success) return { ok: true, input: result.data };
  const errors: EntityFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    // A member row added and left without a person: « Choisissez une personne », not « Vérifiez ce champ » (a trial's).
    const noPerson = field === 'members' && issue.path[2] === 'personId';
    const otherName = field === 'otherMembers' && (issue.path[2] === 'firstName' || issue.path[2] === 'lastName');
    errors[field] ??= noPerson ? 'choosePerson' : otherName ? 'otherName' : errorCode(field, issue as { code: string; message?: string });
  }
  return { ok: false, errors };
}

/** The fields each kind's form shows (components/record-form.tsx), where a message can be put. */
export const SHOWN_FIELDS: { [K in FormKind]: readonly string[] } = {
  staff: ['firstName', 'lastName', 'email', 'phone', 'titleFr', 'titleEn', 'department'],
  student: ['firstName', 'lastName', 'level', 'classId', 'parentIds', 'staffNote'],
  class: ['code', 'name', 'levels', 'teacherId', 'parentRepresentativeIds'],
  committee: ['nameFr', 'nameEn', 'kind', 'openToSignUps', 'members', 'otherMembers'],
};

/** The refused values no field of the form shows (a message there would be marked nowhere): named instead. */
export const unplacedFields = (kind: FormKind, errors: EntityFieldErrors): string[] =>
  Object.keys(errors)
    .filter((field) => !SHOWN_FIELDS[kind].includes(field))
    .map((field) => field || '—');

/** The server's 400 VALIDATION_FAILED `fields` as the form's messages. */
export function serverFieldErrors(fields: readonly { path: string; issue: string }[]): EntityFieldErrors {
  const errors: EntityFieldErrors = {};
  for (const { path, issue } of fields) {
    const field = fieldOf(path.split('.'));
    errors[field] ??= errorCode(field, { code: issue, message: issue });
  }
  return errors;
}

/** Whether a member list names someone twice (the server refuses it as `duplicate`). */
export const duplicateMembers = (members: readonly MemberValues[]): boolean =>
  new Set(members.map((m) => `${m.personType}:${m.personId}`)).size !== members.length;
