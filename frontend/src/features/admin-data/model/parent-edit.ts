import type { ParentInput } from '@shared/contracts/admin-api';
import type { ParentForm } from '@shared/rules/parent-form';
import { EmailSchema } from '@shared/schemas/common';
import type { Parent } from '@shared/schemas/parent';
import { audiencesOf, initialPrivacy } from '@shared/rules/visibility';
import { validate, valuesFromForm, type FieldErrors, type FormValues } from '../../../lib/parent-form/form-values';

/**
 * The admin's parent form: the update form's values and rules (features/update/model/form-values.ts, the
 * server's own zod schema), plus the email, which an administrator may change (docs/data-onboarding.md). A PUT
 * carries the whole record, so the email is always sent as it stands in the form.
 */
export interface AdminParentValues extends FormValues {
  email: string;
}

export type AdminParentErrors = FieldErrors & { email?: 'invalidEmail' };

export function valuesFromParent(parent: Parent): AdminParentValues {
  // valuesFromForm reads only `form.parent`.
  const values = valuesFromForm({ parent } as unknown as ParentForm);
  return { ...values, email: parent.email ?? '' };
}

/**
 * The form of a new parent: nothing typed, French, and private until the parent chooses (shared/rules/visibility.ts
 * initialPrivacy: an administrator's record is not the parent's choice).
 */
export const blankParentValues = (): AdminParentValues => ({
  version: 0,
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  street: '',
  city: '',
  postalCode: '',
  interests: [],
  skills: '',
  ...initialPrivacyValues(),
  preferredLanguage: 'fr',
  join: [],
  leave: [],
  shareAddressWith: [],
});

function initialPrivacyValues(): Pick<AdminParentValues, 'participation' | 'audiences'> {
  const choice = initialPrivacy();
  return { participation: choice.participation, audiences: audiencesOf(choice) };
}

export type ParentPut = ParentInput & { version: number };

export function validateParent(
  values: AdminParentValues,
): { ok: true; input: ParentPut } | { ok: false; errors: AdminParentErrors } {
  const result = validate(values);
  const email = values.email.trim();
  const emailOk = email === '' || EmailSchema.safeParse(email).success;
  if (!result.ok || !emailOk) {
    return { ok: false, errors: { ...(result.ok ? {} : result.errors), ...(emailOk ? {} : { email: 'invalidEmail' }) } };
  }
  // Seats and the shared address are the parent's own form's (the admin edits committees in the committee editor).
  const { version, committees: _committees, shareAddressWith: _shared, ...rest } = result.input;
  return {
    ok: true,
    input: { ...(rest as unknown as ParentInput), ...(email ? { email } : {}), version } as ParentPut,
  };
}

/** Names of the parents a student would leave without a child at school (the server's ORPHAN_PARENTS ids). */
export function orphanNames(parentIds: readonly string[], parents: readonly Parent[]): string[] {
  return parentIds.map((id) => {
    const parent = parents.find((p) => p.id === id);
    return parent ? `${parent.firstName} ${parent.lastName}` : id;
  });
}
