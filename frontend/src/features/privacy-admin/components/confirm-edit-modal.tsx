import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';

/**
 * Saving an edit replaces the incident's recorded text for good: the audit keeps who changed which fields and
 * when, not the earlier wording. So the admin confirms first (the one ConfirmDialog; the admin wrote the new text
 * on purpose, so no word to type).
 */
export function ConfirmEditModal({ visible, saving, onCancel, onConfirm }: {
  visible: boolean;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={visible}
      title={t('privacyIncidents.confirm.title')}
      confirmLabel={t('privacyIncidents.confirm.save')}
      cancelLabel={t('privacyIncidents.confirm.cancel')}
      busy={saving}
      onDismiss={onCancel}
      onConfirm={onConfirm}
    >
      {t('privacyIncidents.confirm.body')}
    </ConfirmDialog>
  );
}
