import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router-dom';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';

/**
 * Asks before leaving a page (a navigation held by useUnsavedChanges); `body` says what is lost. A page whose loss
 * is not unsaved changes (a sending that would stop) gives its own `title` and `leaveLabel`.
 */
export function LeaveModal({ blocker, body, title, leaveLabel }: { blocker: Blocker; body: string; title?: string; leaveLabel?: string }) {
  const { t } = useTranslation();
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      visible
      title={title ?? t('common.leave.title')}
      confirmLabel={leaveLabel ?? t('common.leave.leave')}
      cancelLabel={t('common.leave.stay')}
      onDismiss={() => blocker.reset()}
      onConfirm={() => blocker.proceed()}
    >
      {body}
    </ConfirmDialog>
  );
}
