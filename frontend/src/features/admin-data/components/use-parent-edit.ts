import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Parent } from '@shared/schemas/parent';
import { ApiError } from '../../../lib/api/api-client';
import { useSaveRecord } from '../api/admin-data-queries';
import {
  blankParentValues,
  parentProblems,
  sameNameParents,
  validateParent,
  valuesFromParent,
  type AdminParentErrors,
  type AdminParentValues,
} from '../model/parent-edit';
import { useInvalidText } from './edit-form-frame';
import { useErrorText } from './use-admin-data';

/**
 * The parent form's values, field messages and save: checked in the browser first, then sent whole with the
 * version read; the server's field errors are shown on their fields, a conflict offers a reload.
 */
export function useParentEdit(parent: Parent | undefined, parents: readonly Parent[], onSaved: (saved: Parent) => void) {
  const { t } = useTranslation();
  const saveRecord = useSaveRecord();
  const errorText = useErrorText();
  const invalidText = useInvalidText();
  const [initial] = useState<AdminParentValues>(() => (parent ? valuesFromParent(parent) : blankParentValues()));
  const [values, setValues] = useState<AdminParentValues>(initial);
  const [errors, setErrors] = useState<AdminParentErrors>({});
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);
  // Parents of the same name, shown before a save that would add one more (confirmed by « Enregistrer quand même »).
  const [sameName, setSameName] = useState<Parent[]>([]);
  const change = (patch: Partial<AdminParentValues>) => {
    if ('firstName' in patch || 'lastName' in patch) setSameName([]);
    setValues((current) => ({ ...current, ...patch }));
  };

  const save = async (sameNameConfirmed = false) => {
    const checked = validateParent(values);
    setProblem(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem({ message: invalidText(checked.unplaced), conflict: false });
      return;
    }
    setErrors({});
    // Only when the name is new to this record: an existing namesake was already seen when it was given.
    const renamed = !parent || sameNameParents(values, [parent]).length === 0;
    const namesakes = renamed && !sameNameConfirmed ? sameNameParents(values, parents, parent?.id) : [];
    setSameName(namesakes);
    if (namesakes.length > 0) return;
    try {
      // A new parent's body has no version (values.version is absent): the create route takes none.
      const { record } = await saveRecord.mutateAsync({ segment: 'parents', id: parent?.id, input: checked.input });
      onSaved(record as Parent);
    } catch (error) {
      const conflict = error instanceof ApiError && error.code === 'CONFLICT';
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        const fields = (error.body as { error?: { fields?: { path: string; issue: string }[] } })?.error?.fields ?? [];
        const { errors: next, unplaced } = parentProblems(fields, values);
        setErrors(next);
        // A refusal on a value no field shows is named, never a bare "check the form".
        if (unplaced.length > 0) {
          setProblem({ message: invalidText(unplaced), conflict: false });
          return;
        }
      }
      setProblem({ message: conflict ? t('adminData.edit.conflict') : errorText(error), conflict });
    }
  };

  // Anything typed since the form opened: leaving the page or reloading asks first (edit-form-frame.tsx).
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  return { values, errors, saving: saveRecord.isPending, problem, sameName, dirty, change, save };
}
