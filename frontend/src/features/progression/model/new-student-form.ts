import { formatPhone } from '@shared/format/phone';
import { NewStudentRequestSchema, type NewStudentRequest, type WorkspaceNewStudent } from '@shared/contracts/progression-api';
import type { Language } from '@shared/schemas/common';
import type { NewStudentParent } from '@shared/schemas/progression';
import type { InterestCode } from '@shared/schemas/interests';
import type { Participation } from '@shared/schemas/parent';
import type { FieldAudiences } from '@shared/rules/visibility';

/**
 * The new-student form (docs/product-rules.md): its values as the inputs hold them (strings), their conversion
 * to the API's `NewStudentRequest`, and validation with the server's own zod schema, so the browser and the
 * Lambda never disagree on a rule. Pure.
 */

export type ParentMode = 'existing' | 'new';

export interface ParentValues {
  mode: ParentMode;
  /** `existing`: the chosen parent; `new`: the id the server gave a staged new parent (kept when editing). */
  parentId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  postalCode: string;
  preferredLanguage: Language;
  /** Not in the form; kept so that editing a staged parent does not erase them. */
  interests: InterestCode[];
  skills: string;
  /** Absent until the parent chooses: the server then starts them private. */
  participation?: Participation;
  audiences?: FieldAudiences;
}

export interface NewStudentValues {
  firstName: string;
  lastName: string;
  level: string;
  classId: string;
  parent1: ParentValues;
  hasParent2: boolean;
  parent2: ParentValues;
}

export type ParentSlot = 'parent1' | 'parent2';
export type ParentField = 'parentId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'street' | 'city' | 'postalCode';
/** `student.firstName`, `parent1.email`, `parent2.parentId` ... */
export type FieldKey = `student.${'firstName' | 'lastName' | 'level' | 'classId'}` | `${ParentSlot}.${ParentField}`;
/** Message keys, under `progression.newStudents.errors`. */
export type FieldError =
  | 'required'
  | 'invalidEmail'
  | 'invalidPhone'
  | 'invalidPostalCode'
  | 'tooLong'
  | 'invalid'
  | 'classLevel'
  | 'sameParent'
  | 'duplicateEmail'
  | 'unknownParent';
export type FieldErrors = Partial<Record<FieldKey, FieldError>>;

export const emptyParent = (mode: ParentMode = 'new'): ParentValues => ({
  mode,
  parentId: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  street: '',
  city: '',
  postalCode: '',
  preferredLanguage: 'fr',
  interests: [],
  skills: '',
});

export const emptyNewStudent = (): NewStudentValues => ({
  firstName: '',
  lastName: '',
  level: '',
  classId: '',
  parent1: emptyParent('new'),
  hasParent2: false,
  parent2: emptyParent('existing'),
});

function parentValues(parent: NewStudentParent): ParentValues {
  if (parent.mode === 'existing') return { ...emptyParent('existing'), parentId: parent.parentId };
  const p = parent.parent;
  return {
    mode: 'new',
    parentId: parent.parentId,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email ?? '',
    phone: p.phone ? formatPhone(p.phone) : '',
    street: p.address?.street ?? '',
    city: p.address?.city ?? '',
    postalCode: p.address?.postalCode ?? '',
    preferredLanguage: p.preferredLanguage,
    interests: [...p.interests],
    skills: p.skills,
    participation: p.participation,
    ...(p.audiences ? { audiences: p.audiences } : {}),
  };
}

/** A staged new student, back into the form to edit it. */
export function valuesFromStaged(staged: WorkspaceNewStudent): NewStudentValues {
  return {
    firstName: staged.student.firstName,
    lastName: staged.student.lastName,
    level: staged.student.level,
    classId: staged.student.classId,
    parent1: parentValues(staged.parent1),
    hasParent2: staged.parent2 !== undefined,
    parent2: staged.parent2 ? parentValues(staged.parent2) : emptyParent('existing'),
  };
}

const blank = (value: string) => value.trim() === '';

function parentInput(values: ParentValues): NewStudentRequest['parent1'] {
  if (values.mode === 'existing') return { mode: 'existing', parentId: values.parentId };
  const hasAddress = [values.street, values.city, values.postalCode].some((part) => !blank(part));
  return {
    mode: 'new',
    ...(values.parentId ? { parentId: values.parentId } : {}),
    parent: {
      firstName: values.firstName,
      lastName: values.lastName,
      ...(blank(values.email) ? {} : { email: values.email }),
      ...(blank(values.phone) ? {} : { phone: values.phone }),
      ...(hasAddress ? { address: { street: values.street, city: values.city, postalCode: values.postalCode } } : {}),
      interests: values.interests,
      skills: values.skills,
      ...(values.participation ? { participation: values.participation } : {}),
      ...(values.audiences ? { audiences: values.audiences } : {}),
      preferredLanguage: values.preferredLanguage,
    },
  };
}

/** What is sent. */
export function toRequest(values: NewStudentValues): NewStudentRequest {
  return {
    student: { firstName: values.firstName, lastName: values.lastName, level: values.level, classId: values.classId },
    parent1: parentInput(values.parent1),
    ...(values.hasParent2 ? { parent2: parentInput(values.parent2) } : {}),
  };
}

const STUDENT_FIELDS = new Set(['firstName', 'lastName', 'level', 'classId']);
const PARENT_FIELDS: Record<string, ParentField> = {
  parentId: 'parentId',
  'parent.firstName': 'firstName',
  'parent.lastName': 'lastName',
  'parent.email': 'email',
  'parent.phone': 'phone',
  'parent.address.street': 'street',
  'parent.address.city': 'city',
  'parent.address.postalCode': 'postalCode',
};

const valueOf = (values: NewStudentValues, key: FieldKey): string => {
  const [scope, field] = key.split('.') as [string, string];
  if (scope === 'student') return values[field as 'firstName'];
  return values[scope as ParentSlot][field as ParentField];
};

/**
 * Maps a request path (the zod issue's, or the API's `fields[].path`) and its issue to a field and message.
 * Paths the form has no input for (a whole `parent2`: same parent) land on the closest input.
 */
export function fieldError(path: string, issue: string, values: NewStudentValues): [FieldKey, FieldError] | undefined {
  const [scope, ...rest] = path.split('.');
  const sub = rest.join('.');
  let key: FieldKey | undefined;
  if (scope === 'student' && STUDENT_FIELDS.has(sub)) key = `student.${sub as 'firstName'}`;
  if ((scope === 'parent1' || scope === 'parent2') && (sub === '' || PARENT_FIELDS[sub])) {
    key = `${scope}.${sub === '' ? 'parentId' : PARENT_FIELDS[sub]!}`;
  }
  if (!key) return undefined;
  if (issue === 'same_parent') return [key, 'sameParent'];
  if (issue === 'class_does_not_host_level') return [key, 'classLevel'];
  if (issue === 'registered_parent' || issue === 'staged_parent' || issue === 'duplicate_email') return [key, 'duplicateEmail'];
  if (issue === 'unknown_parent') return [key, 'unknownParent'];
  if (blank(valueOf(values, key))) return [key, 'required'];
  if (key.endsWith('.email')) return [key, 'invalidEmail'];
  if (key.endsWith('.phone')) return [key, 'invalidPhone'];
  if (key.endsWith('.postalCode')) return [key, 'invalidPostalCode'];
  if (issue === 'too_big') return [key, 'tooLong'];
  return [key, 'invalid'];
}

/** Validates with `NewStudentRequestSchema`; returns the request or the message of each field. */
export function validateNewStudent(values: NewStudentValues): { ok: true; request: NewStudentRequest } | { ok: false; errors: FieldErrors } {
  const request = toRequest(values);
  const result = NewStudentRequestSchema.safeParse(request);
  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const mapped = fieldError(issue.path.join('.'), issue.code === 'too_big' ? 'too_big' : String(issue.message), values);
      if (mapped && !errors[mapped[0]]) errors[mapped[0]] = mapped[1];
    }
  }
  const p1 = values.parent1;
  const p2 = values.parent2;
  if (values.hasParent2 && p1.mode === 'existing' && p2.mode === 'existing' && p1.parentId && p1.parentId === p2.parentId) {
    errors['parent2.parentId'] = 'sameParent';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request };
}
