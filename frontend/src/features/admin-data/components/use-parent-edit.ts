import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Parent } from '@shared/schemas/parent';
import { ApiError } from '../../../lib/api/api-client';
import { fieldError } from '../../../lib/parent-form/form-values';
import { useSaveRecord } from '../api/admin-data-queries';
import { blankParentValues, validateParent, valuesFromParent, type AdminParentErrors, type AdminParentValues } from '../model/parent-edit';
import { useErrorText } from './use-admin-data';

/**
 * The parent form's values, field messages and save: checked in the browser first, then sent whole with the
 * version read; the server's field errors are shown on their fields, a conflict offers a reload.
 */
export function useParentEdit(parent: Parent | undefined, onSaved: (saved: Parent) => void) {
  const { t } = useTranslation();
  const saveRecord = useSaveRecord();
  const errorText = useErrorText();
  const [values, setValues] = useState<AdminParentValues>(() => (parent ? valuesFromParent(parent) : blankParentValues()));
  const [errors, setErrors] = useState<AdminParentErrors>({});
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);
  const change = (patch: Partial<AdminParentValues>) => setValues((current) => ({ ...current, ...patch }));

  const save = async () => {
    const checked = validateParent(values);
    setProblem(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem({ message: t('adminData.edit.fixErrors'), conflict: false });
      return;
    }
    setErrors({});
    try {
      const { version, ...input } = checked.input;
      const { record } = await saveRecord.mutateAsync({ segment: 'parents', id: parent?.id, input: parent ? { ...input, version } : input });
      onSaved(record as Parent);
    } catch (error) {
      const conflict = error instanceof ApiError && error.code === 'CONFLICT';
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        const fields = (error.body as { error?: { fields?: { path: string; issue: string }[] } })?.error?.fields ?? [];
        const next: AdminParentErrors = {};
        for (const { path, issue } of fields) {
          if (path === 'email') next.email = 'invalidEmail';
          const mapped = fieldError(path, issue, values);
          if (mapped) next[mapped[0]] = mapped[1];
        }
        setErrors(next);
      }
      setProblem({ message: conflict ? t('adminData.edit.conflict') : errorText(error), conflict });
    }
  };

  return { values, errors, saving: saveRecord.isPending, problem, change, save };
}
