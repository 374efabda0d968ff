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
import type { Student } from '../../../../../shared/schemas/student';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { AdminDataError, adminDataApi } from '../api/admin-data-client';
import { orphanNames } from '../model/parent-edit';
import { useErrorText } from './use-admin-data';

/**
 * Deleting a student is irreversible: the admin types `confirm`. A parent who would be left without a child at
 * school (409 ORPHAN_PARENTS) is named, and the admin chooses to keep or delete them; nothing happens silently.
 */
export function DeleteStudentModal({ student, parents, onDismiss, onDeleted, onReload }: {
  student: Student | null;
  parents: readonly Parent[];
  onDismiss: () => void;
  onDeleted: (student: Student, deletedParents: number) => void;
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
  }, [student?.id]);

  if (!student) return null;
  const name = `${student.firstName} ${student.lastName}`;
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await adminDataApi.deleteStudent(apiBaseUrl, student.id, {
        version: student.version,
        confirm: typed.trim(),
        ...(orphans ? { orphanParents: orphanChoice } : {}),
      });
      onDeleted(student, result.deletedParentIds?.length ?? 0);
    } catch (error) {
      if (error instanceof AdminDataError && error.code === 'ORPHAN_PARENTS') {
        setOrphans(orphanNames((error.body as { error: { parentIds: string[] } }).error.parentIds ?? [], parents));
      } else {
        const conflict = error instanceof AdminDataError && error.code === 'CONFLICT';
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
        <Alert type="warning">{t('adminData.delete.irreversible', { name })}</Alert>
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
