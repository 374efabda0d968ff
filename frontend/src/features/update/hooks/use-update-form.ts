import { useCallback, useEffect, useState } from 'react';
import type { ParentForm, UpdateSubmitResponse } from '../../../../../shared/parent-form';
import { loadUpdateForm, submitUpdateForm, UpdateCallError } from '../api/update-client';
import { fieldError, validate, valuesFromForm, type FieldErrors, type FormValues } from '../model/form-values';

/** Message keys (under `updateForm.messages`) of the page-level alerts. */
export type LoadProblem = 'tokenInvalid' | 'tokenExpired' | 'loadFailed';
export type SubmitProblem = 'invalid' | 'conflict' | 'submitFailed' | LoadProblem;

type LoadState = { kind: 'loading' } | { kind: 'failed'; problem: LoadProblem } | { kind: 'ready'; form: ParentForm };

function tokenProblem(error: unknown): LoadProblem | undefined {
  if (!(error instanceof UpdateCallError)) return undefined;
  if (error.code === 'TOKEN_INVALID') return 'tokenInvalid';
  if (error.code === 'TOKEN_EXPIRED') return 'tokenExpired';
  return undefined;
}

/** Loading, editing and submitting the form of one update link. */
export function useUpdateForm(apiBaseUrl: string, token: string, onSubmitted: (result: UpdateSubmitResponse) => void) {
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const reload = useCallback(async () => {
    try {
      const form = await loadUpdateForm(apiBaseUrl, token);
      setLoad({ kind: 'ready', form });
      setValues(valuesFromForm(form));
      setErrors({});
      return true;
    } catch (error) {
      setLoad({ kind: 'failed', problem: tokenProblem(error) ?? 'loadFailed' });
      return false;
    }
  }, [apiBaseUrl, token]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const change = useCallback((patch: Partial<FormValues>) => {
    setValues((current) => (current ? { ...current, ...patch } : current));
    // A corrected field loses its message at once; the others stay until the next submit.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof FieldErrors];
      return next;
    });
  }, []);

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
      onSubmitted(await submitUpdateForm(apiBaseUrl, token, checked.input));
    } catch (error) {
      const tokenIssue = tokenProblem(error);
      if (error instanceof UpdateCallError && error.code === 'CONFLICT') {
        // Someone (the school office, or this parent in another tab) saved meanwhile: show the current data.
        await reload();
        setProblem('conflict');
      } else if (error instanceof UpdateCallError && error.code === 'VALIDATION_FAILED') {
        const next: FieldErrors = {};
        for (const path of error.fields) {
          const mapped = fieldError(path, 'invalid', values);
          if (mapped) next[mapped[0]] = mapped[1];
        }
        setErrors(next);
        setProblem('invalid');
      } else {
        setProblem(tokenIssue ?? 'submitFailed');
      }
    } finally {
      setSubmitting(false);
    }
  }, [apiBaseUrl, token, values, submitting, onSubmitted, reload]);

  return { load, values, errors, problem, submitting, change, submit, dismissProblem: () => setProblem(null) };
}
