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
import { useDeleteRecord, type DeleteTarget } from './use-delete-record';

export type { DeleteTarget };

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
  const { typed, setTyped, busy, orphans, orphanChoice, setOrphanChoice, problem, remove } = useDeleteRecord(target, parents, onDeleted);

  if (!target) return null;
  const { name } = target;

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
