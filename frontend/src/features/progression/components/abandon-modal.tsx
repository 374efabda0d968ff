import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';

/** Confirms abandoning the open progression (its staged choices are dropped; the directory is untouched). */
export function AbandonModal({ visible, busy, onDismiss, onConfirm }: {
  visible: boolean;
  busy: boolean;
  onDismiss: () => void;
  onConfirm: () => void | Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={visible}
      title={t('progression.abandon.title')}
      confirmLabel={t('progression.abandon.submit')}
      cancelLabel={t('progression.abandon.keep')}
      busy={busy}
      onDismiss={onDismiss}
      onConfirm={onConfirm}
    >
      {t('progression.abandon.body')}
    </ConfirmDialog>
  );
}
