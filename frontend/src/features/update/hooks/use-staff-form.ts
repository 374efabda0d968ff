import { useCallback, useEffect, useState } from 'react';
import { StaffUpdateInputSchema, type StaffForm, type StaffSubmitResponse, type StaffUpdateInput } from '@shared/rules/staff-form';
import type { Language } from '@shared/schemas/common';
import type { StaffDepartment } from '@shared/schemas/staff';
import { linkProblem, type LinkProblem } from '../../../lib/parent-form/link-problem';
import { ApiError } from '../../../lib/api/api-client';
import { keepTypedChanges } from '../../../lib/keep-typed-changes';
import { loadStaffForm } from '../api/staff-client';
import { useSubmitStaff } from '../api/update-queries';

/** What the staff form edits, as typed (strings for the inputs). */
export interface StaffValues {
  titleFr: string;
  titleEn: string;
  department: StaffDepartment;
  extension: string;
  showEmail: boolean;
  preferredLanguage: Language;
}

/** Field errors by input (`titleFr`, `extension`...), as zod issue codes or messages. */
export type StaffFieldErrors = Partial<Record<keyof StaffValues, string>>;

export type StaffLoad =
  | { kind: 'loading' }
  | { kind: 'failed'; problem: LinkProblem | 'loadFailed'; error?: unknown }
  | { kind: 'ready'; form: StaffForm };

export type StaffProblem = 'invalid' | 'conflict' | 'submitFailed' | LinkProblem;

const valuesOf = (form: StaffForm): StaffValues => ({
  titleFr: form.staff.title.fr,
  titleEn: form.staff.title.en,
  department: form.staff.department,
  extension: form.staff.extension ?? '',
  showEmail: form.staff.showEmail,
  preferredLanguage: form.staff.preferredLanguage,
});

const FIELD_OF: Record<string, keyof StaffValues> = {
  'title.fr': 'titleFr',
  'title.en': 'titleEn',
  department: 'department',
  extension: 'extension',
  showEmail: 'showEmail',
  preferredLanguage: 'preferredLanguage',
};

/** The same schema as the server (shared/rules/staff-form.ts): the UI refuses what the server would. */
export function validateStaff(version: number, values: StaffValues): { input?: StaffUpdateInput; errors: StaffFieldErrors } {
  const input: StaffUpdateInput = {
    version,
    title: { fr: values.titleFr, en: values.titleEn },
    department: values.department,
    extension: values.extension,
    showEmail: values.showEmail,
    preferredLanguage: values.preferredLanguage,
  };
  const result = StaffUpdateInputSchema.safeParse(input);
  if (result.success) return { input, errors: {} };
  const errors: StaffFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF[issue.path.join('.')];
    if (field && !errors[field]) errors[field] = issue.message === 'invalid_extension' ? 'invalid_extension' : issue.code;
  }
  return { errors };
}

/** Why the link cannot be used (lib/parent-form/link-problem.ts): a staff member's link has no letter code. */
const tokenProblem = linkProblem;

/** Loading, editing and submitting a staff member's form through their link. */
export function useStaffForm(apiBaseUrl: string, token: string, onSubmitted: (result: StaffSubmitResponse) => void) {
  const [load, setLoad] = useState<StaffLoad>({ kind: 'loading' });
  const [values, setValues] = useState<StaffValues | null>(null);
  const [errors, setErrors] = useState<StaffFieldErrors>({});
  const [problem, setProblem] = useState<StaffProblem | null>(null);
  const submission = useSubmitStaff(token);

  const reload = useCallback(async () => {
    try {
      const form = await loadStaffForm(apiBaseUrl, token);
      setLoad({ kind: 'ready', form });
      setValues(valuesOf(form));
      setErrors({});
    } catch (error) {
      setLoad({ kind: 'failed', problem: tokenProblem(error) ?? 'loadFailed', error });
    }
  }, [apiBaseUrl, token]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const change = <K extends keyof StaffValues>(field: K, value: StaffValues[K]) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    if (load.kind !== 'ready' || !values) return;
    const { input, errors: found } = validateStaff(load.form.staff.version, values);
    setErrors(found);
    if (!input) return setProblem('invalid');
    setProblem(null);
    try {
      onSubmitted(await submission.mutateAsync(input));
    } catch (error) {
      await handleSubmitError(error);
    }
  };

  const handleSubmitError = async (error: unknown) => {
    const fromToken = tokenProblem(error);
    if (fromToken) return setProblem(fromToken);
    if (error instanceof ApiError && error.code === 'CONFLICT') {
      // Changed meanwhile (the school office, another window): the current entry, with what was typed kept on top.
      const typed = values;
      const shownBefore = load.kind === 'ready' ? valuesOf(load.form) : null;
      await reload();
      if (typed && shownBefore) setValues((current) => (current ? keepTypedChanges(typed, shownBefore, current) : current));
      return setProblem('conflict');
    }
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
      const serverErrors: StaffFieldErrors = {};
      for (const { path, issue } of error.fields) {
        const field = FIELD_OF[path.replace(/^data\./, '')];
        if (field) serverErrors[field] = issue;
      }
      setErrors(serverErrors);
      return setProblem('invalid');
    }
    setProblem('submitFailed');
  };

  return { load, values, errors, problem, submitting: submission.isPending, change, submit };
}
