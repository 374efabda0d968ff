import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CONFIRMATION_WORD } from '../../../../../shared/admin-api';
import type { Parent } from '../../../../../shared/schemas/parent';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { adminDataApi } from '../api/admin-data-client';
import { ENTITY_PATH, type EntityKind } from '../model/entity-edit';
import { orphanNames } from '../model/parent-edit';
import { useErrorText } from './use-admin-data';
import { ApiError } from '../../../lib/api/api-client';

/** The record a delete is about, with the version the admin read. */
export interface DeleteTarget {
  kind: EntityKind;
  id: string;
  version: number;
  name: string;
}

/**
 * Deleting any record is irreversible: the admin types `confirm`. For a student, a parent who would be left
 * without a child at school (409 ORPHAN_PARENTS) is named, and the admin chooses to keep or delete them; nothing
 * happens silently. A change made meanwhile (409 CONFLICT) is explained with a reload.
 */
export function DeleteRecordModal({ target, parents, onDismiss, onDeleted, onReload }: {
  target: DeleteTarget | null;
  parents: readonly Parent[];
  onDismiss: () => void;
  onDeleted: (target: DeleteTarget, deletedParents: number) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [orphans, setOrphans] = useState<string[] | null>(null);
  const [orphanChoice, setOrphanChoice] = useState<'keep' | 'delete'>('keep');
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);

  useEffect(() => {
    setTyped('');
    setOrphans(null);
    setOrphanChoice('keep');
    setProblem(null);
  }, [target?.id]);

  if (!target) return null;
  const { name } = target;
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await adminDataApi.deleteRecord(apiBaseUrl, ENTITY_PATH[target.kind], target.id, {
        version: target.version,
        confirm: typed.trim(),
        ...(orphans ? { orphanParents: orphanChoice } : {}),
      });
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
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={t('adminData.delete.title', { name })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{t('adminData.cancel')}</Button>
            <Button variant="primary" disabled={typed.trim() !== CONFIRMATION_WORD} loading={busy} onClick={() => void remove()}>
              {t('adminData.delete.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Alert type="warning">
          {t(target.kind === 'student' ? 'adminData.delete.irreversible' : 'adminData.delete.irreversibleRecord', { name })}
        </Alert>
        {orphans && (
          <FormField label={t('adminData.delete.orphansLabel', { names: orphans.join(', ') })}>
            <RadioGroup
              value={orphanChoice}
              onChange={({ detail }) => setOrphanChoice(detail.value as 'keep' | 'delete')}
              items={[
                { value: 'keep', label: t('adminData.delete.orphansKeep') },
                { value: 'delete', label: t('adminData.delete.orphansDelete') },
              ]}
            />
          </FormField>
        )}
        <FormField
          label={t('adminData.delete.confirmLabel', { word: CONFIRMATION_WORD })}
          description={t('adminData.delete.confirmHint', { word: CONFIRMATION_WORD })}
        >
          <Input value={typed} placeholder={CONFIRMATION_WORD} autoComplete={false} onChange={({ detail }) => setTyped(detail.value)} />
        </FormField>
        {problem && (
          <Alert type="error" action={problem.conflict ? <Button onClick={onReload}>{t('adminData.edit.reload')}</Button> : undefined}>
            {problem.message}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
