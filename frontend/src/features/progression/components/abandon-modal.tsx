import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

/** Confirms abandoning the open progression (its staged choices are dropped; the directory is untouched). */
export function AbandonModal({ visible, busy, onDismiss, onConfirm }: {
  visible: boolean;
  busy: boolean;
  onDismiss: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={t('progression.abandon.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{t('progression.abandon.keep')}</Button>
            <Button variant="primary" loading={busy} onClick={onConfirm}>{t('progression.abandon.submit')}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      {t('progression.abandon.body')}
    </Modal>
  );
}
