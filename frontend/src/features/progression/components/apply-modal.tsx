import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { schoolYearText } from '../../../lib/date-time';

/**
 * The last safeguard (docs/product-rules.md): permanent, cannot be undone, the reader's confirmation word typed
 * (« confirmer » / "confirm", ConfirmDialog).
 */
export function ApplyModal({ visible, toYear, busy, onDismiss, onConfirm }: {
  visible: boolean;
  toYear: string;
  busy: boolean;
  onDismiss: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={visible}
      typed
      title={t('progression.apply.title', { year: schoolYearText(toYear) })}
      confirmLabel={t('progression.apply.submit')}
      cancelLabel={t('progression.cancel')}
      busy={busy}
      onDismiss={onDismiss}
      onConfirm={onConfirm}
    >
      <Alert type="warning" header={t('progression.apply.permanentTitle')}>
        {t('progression.apply.permanentBody')}
      </Alert>
      <Box variant="p">{t('progression.apply.backupNote')}</Box>
    </ConfirmDialog>
  );
}
