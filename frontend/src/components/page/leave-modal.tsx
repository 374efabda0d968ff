import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router-dom';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';

/** Asks before leaving a form with unsaved changes (a navigation held by useUnsavedChanges); `body` says what is lost. */
export function LeaveModal({ blocker, body }: { blocker: Blocker; body: string }) {
  const { t } = useTranslation();
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      visible
      title={t('common.leave.title')}
      confirmLabel={t('common.leave.leave')}
      cancelLabel={t('common.leave.stay')}
      onDismiss={() => blocker.reset()}
      onConfirm={() => blocker.proceed()}
    >
      {body}
    </ConfirmDialog>
  );
}
