import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import type { Parent } from '@shared/schemas/parent';
import { useDeleteRecord, type DeleteTarget } from './use-delete-record';

export type { DeleteTarget };

/**
 * Deleting any record is irreversible: the admin types the confirmation word of their language (ConfirmDialog). For a student, a parent who would be left
 * without a child at school (409 ORPHAN_PARENTS) is named, and the admin chooses to keep or delete them; nothing
 * happens silently. A change made meanwhile (409 CONFLICT) is explained with a reload.
 */
export function DeleteRecordModal({ target, parents, childrenLeft = [], onDismiss, onDeleted, onReload }: {
  target: DeleteTarget | null;
  parents: readonly Parent[];
  /** For a parent: the students it would leave without any parent in the directory. */
  childrenLeft?: readonly string[];
  onDismiss: () => void;
  onDeleted: (target: DeleteTarget, deletedParents: number) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const { busy, orphans, orphanChoice, setOrphanChoice, problem, remove } = useDeleteRecord(target, parents, onDeleted);

  if (!target) return null;
  const { name } = target;

  return (
    <ConfirmDialog
      visible
      typed
      title={t('adminData.delete.title', { name })}
      confirmLabel={t('adminData.delete.submit')}
      cancelLabel={t('adminData.cancel')}
      busy={busy}
      onDismiss={onDismiss}
      onConfirm={remove}
    >
      <Alert type="warning">
        {t(target.kind === 'student' ? 'adminData.delete.irreversible' : 'adminData.delete.irreversibleRecord', { name })}
      </Alert>
      {childrenLeft.length > 0 && (
        <Alert type="warning">{t('adminData.delete.childrenLeft', { count: childrenLeft.length, names: childrenLeft.join(', ') })}</Alert>
      )}
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
      {problem && (
        <Alert type="error" action={problem.conflict ? <Button onClick={onReload}>{t('adminData.edit.reload')}</Button> : undefined}>
          {problem.message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
