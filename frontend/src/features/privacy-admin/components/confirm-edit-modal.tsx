import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * Saving an edit replaces the incident's recorded text for good: the audit keeps who changed which fields and
 * when, not the earlier wording. So the admin confirms first.
 */
export function ConfirmEditModal({ visible, saving, onCancel, onConfirm }: {
  visible: boolean;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      onDismiss={onCancel}
      header={t('privacyIncidents.confirm.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onCancel}>{t('privacyIncidents.confirm.cancel')}</Button>
            <Button variant="primary" formAction="none" loading={saving} onClick={onConfirm}>{t('privacyIncidents.confirm.save')}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      {t('privacyIncidents.confirm.body')}
    </Modal>
  );
}
