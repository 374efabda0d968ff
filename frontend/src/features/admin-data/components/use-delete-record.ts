import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRMATION_WORD } from '@shared/contracts/admin-api';
import type { Parent } from '@shared/schemas/parent';
import { ApiError } from '../../../lib/api/api-client';
import { useDeleteRecord as useDeleteMutation } from '../api/admin-data-queries';
import { ENTITY_PATH, type EntityKind } from '../model/entity-edit';
import { orphanNames } from '../model/parent-edit';
import { useErrorText } from './use-admin-data';

/** The record a delete is about, with the version the admin read. */
export interface DeleteTarget {
  kind: EntityKind;
  id: string;
  version: number;
  name: string;
}

/**
 * The delete dialog's state, reset for every new target: the parents a student's delete
 * would leave without a child (and the admin's choice for them), and what went wrong.
 */
export function useDeleteRecord(target: DeleteTarget | null, parents: readonly Parent[], onDeleted: (target: DeleteTarget, deletedParents: number) => void) {
  const { t } = useTranslation();
  const deleteRecord = useDeleteMutation();
  const errorText = useErrorText();
  const [orphans, setOrphans] = useState<string[] | null>(null);
  const [orphanChoice, setOrphanChoice] = useState<'keep' | 'delete'>('keep');
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);

  useEffect(() => {
    setOrphans(null);
    setOrphanChoice('keep');
    setProblem(null);
  }, [target?.id]);

  const remove = async () => {
    if (!target) return;
    setProblem(null);
    try {
      const request = {
        version: target.version,
        // The dialog asked for the reader's own word (« confirmer » / "confirm"); the API's word is fixed.
        confirm: CONFIRMATION_WORD,
        ...(orphans ? { orphanParents: orphanChoice } : {}),
      };
      const result = await deleteRecord.mutateAsync({ segment: ENTITY_PATH[target.kind], id: target.id, request });
      onDeleted(target, result.deletedParentIds?.length ?? 0);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ORPHAN_PARENTS') {
        setOrphans(orphanNames((error.body as { error: { parentIds?: string[] } }).error.parentIds ?? [], parents));
      } else if (error instanceof ApiError && error.code === 'CLASS_NOT_EMPTY') {
        const count = (error.body as { error: { studentCount?: number } }).error.studentCount ?? 0;
        setProblem({ message: t('adminData.delete.classNotEmpty', { count }), conflict: false });
      } else {
        const conflict = error instanceof ApiError && error.code === 'CONFLICT';
        setProblem({ message: conflict ? t('adminData.edit.conflict') : errorText(error), conflict });
      }
    }
  };

  return { busy: deleteRecord.isPending, orphans, orphanChoice, setOrphanChoice, problem, remove };
}
