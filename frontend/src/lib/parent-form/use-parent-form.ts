import { useCallback, useEffect, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import type { ParentForm, ParentUpdateInput } from '@shared/rules/parent-form';
import { ApiError } from '../api/api-client';
import { linkProblem, type LinkProblem } from './link-problem';
import { fieldError, rebasedValues, validate, valuesFromForm, type FieldErrors, type FormValues } from './form-values';

/** Message keys (under `updateForm.messages`) of the page-level alerts. */
export type LoadProblem = LinkProblem | 'loadFailed';
export type SubmitProblem = 'invalid' | 'conflict' | 'submitFailed' | 'committeeClosed' | 'committeeRoleReserved' | LoadProblem;

export type LoadState =
  | { kind: 'loading' }
  | { kind: 'failed'; problem: LoadProblem; error: unknown }
  | { kind: 'ready'; form: ParentForm };

/** Why the link cannot be used: its own sentence per reason (lib/parent-form/link-problem.ts). */
const tokenProblem = linkProblem;

/**
 * Where one parent form comes from and goes to: the emailed link (token) or My Profile (signed in). `query` is the
 * form's read, held by TanStack Query (docs/frontend.md, "Server state": features/update/api/update-queries.ts,
 * features/profile/api/profile-queries.ts); `save` answers with the saved form. Errors are `ApiError`s (status,
 * code, field errors).
 */
export interface ParentFormSource<R extends { form: ParentForm }> {
  query: Pick<UseQueryResult<ParentForm>, 'data' | 'error' | 'refetch'>;
  save: (input: ParentUpdateInput) => Promise<R>;
}

/** The fields a refused save names (VALIDATION_FAILED), each with its form field's message. */
function serverFieldErrors(error: ApiError, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path } of error.fields) {
    const mapped = fieldError(path, 'invalid', values);
    if (mapped) errors[mapped[0]] = mapped[1];
  }
  return errors;
}

/** Loading, editing and saving one parent form (the link's and My Profile's: one form, one behaviour). */
export function useParentForm<R extends { form: ParentForm }>(source: ParentFormSource<R>, onSaved: (result: R) => void) {
  const { query } = source;
  const [shown, setShown] = useState<ParentForm | null>(null);
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);

  /** True once the person changed something since the form was shown (loaded, reloaded or saved). */
  const [dirty, setDirty] = useState(false);

  const show = useCallback((form: ParentForm) => {
    setShown(form);
    setValues(valuesFromForm(form));
    setErrors({});
    setDirty(false);
  }, []);

  // A new answer of the read is shown unless the person is typing in this parent's form: their changes win, and a
  // save made meanwhile elsewhere answers CONFLICT, which shows the current data (`reload`).
  const { data } = query;
  useEffect(() => {
    if (data && (!dirty || data.parent.id !== shown?.parent.id)) show(data);
    // `dirty` and `shown` are read, not followed: only a new answer (another parent, a reload) is shown.
  }, [data, show]);

  // Reads the form again and shows it. With `typed` (a save refused as CONFLICT or COMMITTEE_CLOSED), what the person
  // changed since the form was shown stays on top of the current data (rebasedValues), still to save.
  const { refetch } = query;
  const reload = useCallback(async (typed?: FormValues) => {
    const result = await refetch();
    if (result.data && typed && shown) {
      setShown(result.data);
      setValues(rebasedValues(typed, shown, result.data));
      setErrors({});
      setDirty(true);
    } else if (result.data) show(result.data);
    return result.data !== undefined;
  }, [refetch, show, shown]);

  const load: LoadState = data && shown
    ? { kind: 'ready', form: shown }
    : query.error && !data
      ? { kind: 'failed', problem: tokenProblem(query.error) ?? 'loadFailed', error: query.error }
      : { kind: 'loading' };

  const change = useCallback((patch: Partial<FormValues>) => {
    setValues((current) => (current ? { ...current, ...patch } : current));
    setDirty(true);
    // A corrected field loses its message at once; the others stay until the next submit.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof FieldErrors];
      return next;
    });
  }, []);

  const { i18n } = useTranslation();
  const submit = useCallback(async () => {
    if (!values || submitting) return;
    const checked = validate(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem('invalid');
      return;
    }
    setSubmitting(true);
    setProblem(null);
    try {
      // The screen's language goes with the answer: the consent log records it (docs/privacy.md).
      const result = await source.save({ ...checked.input, noticeLanguage: currentLocale(i18n) });
      // The saved form carries the new version: a second save from the same screen must not conflict.
      show(result.form);
      onSaved(result);
    } catch (error) {
      const tokenIssue = tokenProblem(error);
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        // Someone (the school office, or this parent in another tab) saved meanwhile: the current data, with what the
        // person changed kept on top, to check and save again.
        await reload(values);
        setProblem('conflict');
      } else if (error instanceof ApiError && error.code === 'COMMITTEE_CLOSED') {
        // The committee closed to sign-ups meanwhile: the committees open now, the rest of what was typed kept.
        await reload(values);
        setProblem('committeeClosed');
      } else if (error instanceof ApiError && error.code === 'COMMITTEE_ROLE_RESERVED') {
        setProblem('committeeRoleReserved');
      } else if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        setErrors(serverFieldErrors(error, values));
        setProblem('invalid');
      } else {
        setProblem(tokenIssue ?? 'submitFailed');
      }
    } finally {
      setSubmitting(false);
    }
  }, [source, values, submitting, onSaved, reload, show, i18n]);

  return { load, values, errors, problem, submitting, dirty, change, submit, reload: () => reload(), dismissProblem: () => setProblem(null) };
}

export type ParentFormState = ReturnType<typeof useParentForm>;
