import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewStudentRequest, ParentLookupMatch } from '@shared/contracts/progression-api';
import { ApiError } from '../../../lib/api/api-client';
import { errorKey } from '../../../lib/api/progression-client';
import {
  fieldError,
  validateNewStudent,
  type FieldErrors,
  type NewStudentValues,
  type ParentSlot,
  type ParentValues,
} from '../model/new-student-form';

export type ParentMatches = Partial<Record<ParentSlot, ParentLookupMatch[]>>;

/**
 * The new-student form's values and messages. Submitting checks with the API's schema first; a refusal from the
 * server marks its fields, and a duplicate email looks up the parent who has it so the form can offer them.
 */
export function useNewStudentForm(
  initial: NewStudentValues,
  onSubmit: (request: NewStudentRequest) => Promise<unknown>,
  lookup: (email: string) => Promise<ParentLookupMatch[]>,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [matches, setMatches] = useState<ParentMatches>({});
  const [submitting, setSubmitting] = useState(false);

  /** A field the admin changes loses its message; the form's message goes once no field has one. */
  const clearErrors = (keys: string[]) =>
    setErrors((previous) => {
      const next = Object.fromEntries(Object.entries(previous).filter(([key]) => !keys.includes(key))) as FieldErrors;
      if (Object.keys(next).length === 0) setFormError(null);
      return next;
    });
  const patch = (next: Partial<NewStudentValues>) => {
    setValues((v) => ({ ...v, ...next }));
    clearErrors(Object.keys(next).map((key) => `student.${key}`));
  };
  const patchParent = (slot: ParentSlot, next: Partial<ParentValues>) => {
    setValues((v) => ({ ...v, [slot]: { ...v[slot], ...next } }));
    // Formatting on blur rewrites the same value: that is no change, and the message stays.
    const changed = (Object.keys(next) as (keyof ParentValues)[]).filter((key) => next[key] !== values[slot][key]);
    clearErrors(changed.map((key) => `${slot}.${key === 'mode' ? 'parentId' : key}`));
  };

  const submit = async () => {
    setFormError(null);
    setMatches({});
    const checked = validateNewStudent(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(t('progression.newStudents.invalid'));
      return;
    }
    setErrors({});
    setSubmitting(true);
    const error = await onSubmit(checked.request);
    setSubmitting(false);
    if (!error) return;
    const next: FieldErrors = {};
    if (error instanceof ApiError) {
      for (const field of error.fields) {
        const mapped = fieldError(field.path, field.issue, values);
        if (mapped) next[mapped[0]] = mapped[1];
      }
      if (error.code === 'DUPLICATE_EMAIL') {
        const found: ParentMatches = {};
        for (const slot of ['parent1', 'parent2'] as const) {
          if (next[`${slot}.email`] && values[slot].email) found[slot] = await lookup(values[slot].email).catch(() => []);
        }
        setMatches(found);
      }
    }
    setErrors(next);
    setFormError(t(errorKey(error)));
  };

  return { values, errors, formError, matches, submitting, patch, patchParent, submit };
}
