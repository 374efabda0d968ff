import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Incident } from '@shared/contracts/privacy-incidents-api';
import { schoolDay } from '@shared/rules/school-calendar';
import { ApiError } from '../../../lib/api/api-client';
import { useSaveIncident } from '../api/incidents-queries';
import {
  EMPTY_FORM,
  formOf,
  inputOf,
  serverFieldErrors,
  validateIncident,
  type FieldErrors,
  type IncidentFormValues,
} from '../model/incident-form';
import { useErrorText } from './use-incident-register';

export interface FormProblem {
  message: string;
  /** Someone else saved the incident first (409): the admin goes back to the list to read it again. */
  conflict: boolean;
}

/** The register form's values, its checks (as typed, then the server's), the edit confirmation and the save. */
export function useIncidentForm(incident: Incident | undefined, onSaved: (message: string) => void) {
  const { t } = useTranslation();
  const { mutateAsync: saveIncident, isPending: saving } = useSaveIncident();
  const errorText = useErrorText();
  const [initial] = useState<IncidentFormValues>(() => (incident ? formOf(incident) : EMPTY_FORM));
  const [values, setValues] = useState<IncidentFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  const set = <K extends keyof IncidentFormValues>(field: K, value: IncidentFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the admin tried to save, the messages follow their corrections.
    if (submitted) setErrors(validateIncident(next, schoolDay()));
  };

  const save = async () => {
    setProblem(null);
    try {
      await saveIncident({ id: incident?.id, input: { ...inputOf(values), ...(incident ? { version: incident.version } : {}) } });
      onSaved(t(incident ? 'privacyIncidents.flash.updated' : 'privacyIncidents.flash.created'));
    } catch (error) {
      setConfirming(false);
      const fields = error instanceof ApiError ? serverFieldErrors(error.fields) : {};
      setErrors(fields);
      const conflict = error instanceof ApiError && error.code === 'CONFLICT';
      setProblem({ message: conflict ? t('privacyIncidents.form.conflict') : errorText(error), conflict });
    }
  };

  const submit = () => {
    setSubmitted(true);
    const found = validateIncident(values, schoolDay());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setProblem({ message: t('privacyIncidents.form.fixErrors'), conflict: false });
      return;
    }
    setProblem(null);
    if (incident) setConfirming(true);
    else void save();
  };

  return {
    values,
    /** Something typed or chosen since the form opened (leaving it then asks first). */
    changed: JSON.stringify(values) !== JSON.stringify(initial),
    errors,
    set,
    submit,
    saving,
    problem,
    confirming,
    confirm: () => void save(),
    cancelConfirm: () => setConfirming(false),
  };
}

export type IncidentFormState = ReturnType<typeof useIncidentForm>;
