import { foldedName } from '@shared/rules/duplicates';
import { ParentInputSchema, ParentUpdateSchema, type ParentInput } from '@shared/contracts/admin-api';
import type { ParentForm } from '@shared/rules/parent-form';
import type { Parent } from '@shared/schemas/parent';
import { audiencesOf, initialPrivacy, type PrivacyChoice } from '@shared/rules/visibility';
import { fieldError, toUpdateInput, valuesFromForm, type FieldErrors, type FormValues } from '../../../lib/parent-form/form-values';

/**
 * The admin's parent form: the update form's values and field messages (lib/parent-form/form-values.ts), plus the
 * email, which an administrator may change (docs/data-onboarding.md), checked with the admin route's own zod schema
 * (shared/contracts/admin-api.ts): ParentInputSchema for a new parent (POST, no version: the record has none yet),
 * ParentUpdateSchema for an existing one (PUT, the version read). A PUT carries the whole record, so the email is
 * always sent as it stands in the form.
 */
export interface AdminParentValues extends Omit<FormValues, 'version'> {
  /** The version read; absent on a new parent (nothing stored yet). */
  version?: number;
  email: string;
}

export type AdminParentErrors = FieldErrors & { email?: 'invalidEmail' };

/** The field messages of a refusal, and the paths of the refused values no field of the form shows. */
export interface AdminParentProblems {
  errors: AdminParentErrors;
  unplaced: string[];
}

/** Issues (zod's, or the server's `fields`) as the form's field messages, the others kept by path: never dropped. */
export function parentProblems(issues: readonly { path: string; issue: string }[], values: AdminParentValues): AdminParentProblems {
  const errors: AdminParentErrors = {};
  const unplaced: string[] = [];
  for (const { path, issue } of issues) {
    const bare = path.replace(/^data\./, '');
    if (bare === 'email') {
      errors.email = 'invalidEmail';
      continue;
    }
    const mapped = fieldError(bare, issue, values);
    if (mapped) errors[mapped[0]] ??= mapped[1];
    else if (!unplaced.includes(bare || issue)) unplaced.push(bare || issue);
  }
  return { errors, unplaced };
}

export function valuesFromParent(parent: Parent): AdminParentValues {
  // valuesFromForm reads only `form.parent`.
  const values = valuesFromForm({ parent } as unknown as ParentForm);
  return { ...values, email: parent.email ?? '' };
}

/**
 * The form of a new parent: nothing typed, no version (the create route takes none), French, and private until the
 * parent chooses (shared/rules/visibility.ts initialPrivacy: an administrator's record is not the parent's choice).
 */
export const blankParentValues = (): AdminParentValues => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  street: '',
  city: '',
  postalCode: '',
  interests: [],
  skills: '',
  ...privacyValues(initialPrivacy()),
  preferredLanguage: 'fr',
  join: [],
  leave: [],
  shareAddressWith: [],
});

/** A privacy choice as the form holds it: the participation, and the audience of every field. */
export function privacyValues(choice: PrivacyChoice): Pick<AdminParentValues, 'participation' | 'audiences'> {
  return { participation: choice.participation, audiences: audiencesOf(choice) };
}

/** The body of a POST (new parent) or of a PUT (with the version read). */
export type ParentBody = ParentInput & { version?: number };

export function validateParent(
  values: AdminParentValues,
): { ok: true; input: ParentBody } | ({ ok: false } & AdminParentProblems) {
  const { version, email: typed, ...fields } = values;
  // The update form's conversion (blank optional fields absent, name only drops the details); its version is the
  // parent's form's, replaced below by the admin's own (none on a new parent).
  const { version: _formVersion, committees: _committees, shareAddressWith: _shared, messages: _messages, heldSince: _held, ...rest } = toUpdateInput({
    ...fields,
    version: version ?? 0,
  });
  // Seats, the shared address and the held answer are the parent's own form's (the admin edits committees in the
  // committee editor).
  const email = typed.trim();
  const body = { ...rest, ...(email ? { email } : {}), ...(version === undefined ? {} : { version }) };
  const result = (version === undefined ? ParentInputSchema : ParentUpdateSchema).safeParse(body);
  if (result.success) return { ok: true, input: body as ParentBody };
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), issue: issue.code }));
  return { ok: false, ...parentProblems(issues, values) };
}

/** Names of the parents a student would leave without a child at school (the server's ORPHAN_PARENTS ids). */
export function orphanNames(parentIds: readonly string[], parents: readonly Parent[]): string[] {
  return parentIds.map((id) => {
    const parent = parents.find((p) => p.id === id);
    return parent ? `${parent.firstName} ${parent.lastName}` : id;
  });
}

/**
 * The other parents with the same name (accents, case, hyphens, apostrophes and order aside: « D'Amours » is « damours »),
 * asked before a save: a trial added a second « Patrick D'Amours » with the same email, and nothing said so. Two parents
 * may share an email (a family address), so the name decides; a same-name save still goes through once confirmed.
 */
export function sameNameParents(values: Pick<AdminParentValues, 'firstName' | 'lastName'>, parents: readonly Parent[], selfId?: string): Parent[] {
  // The duplicates screen's own notion of one name (shared/rules/duplicates.ts), so the two never disagree.
  const name = foldedName(values);
  if (name === undefined) return [];
  return parents.filter((p) => p.id !== selfId && foldedName(p) === name);
}

/**
 * The students a parent's deletion would leave with no parent in the directory (said in the dialog before it: a
 * trial deleted a child's only parent, and only the student list said « Aucun parent inscrit » afterwards).
 */
export function childrenLeftWithoutParent(
  parentId: string,
  directory: { families: readonly { parentId: string; studentId: string }[]; students: readonly { id: string; firstName: string; lastName: string }[] },
): string[] {
  const mine = new Set(directory.families.filter((f) => f.parentId === parentId).map((f) => f.studentId));
  const others = new Set(directory.families.filter((f) => f.parentId !== parentId).map((f) => f.studentId));
  return directory.students.filter((s) => mine.has(s.id) && !others.has(s.id)).map((s) => `${s.firstName} ${s.lastName}`);
}
