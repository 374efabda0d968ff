import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router-dom';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes';

interface LeaveText {
  /** What is lost. */
  body: string;
  /** A page whose loss is not unsaved changes (a sending that would stop) gives its own title and label. */
  title?: string;
  leaveLabel?: string;
}

/** Asks before leaving what is being written (a form's Cancel with changes typed): stay, or leave and lose it. */
export function LeaveQuestion({ visible, body, title, leaveLabel, onStay, onLeave }: LeaveText & {
  visible: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  // Not in the page until asked (as LeaveModal): a hidden dialog would still hold its words and buttons.
  if (!visible) return null;
  return (
    <ConfirmDialog
      visible
      title={title ?? t('common.leave.title')}
      confirmLabel={leaveLabel ?? t('common.leave.leave')}
      cancelLabel={t('common.leave.stay')}
      onDismiss={onStay}
      onConfirm={onLeave}
    >
      {body}
    </ConfirmDialog>
  );
}

/** Asks before leaving a page (a navigation held by useUnsavedChanges); `body` says what is lost. */
export function LeaveModal({ blocker, ...text }: LeaveText & { blocker: Blocker }) {
  if (blocker.state !== 'blocked') return null;
  return <LeaveQuestion visible {...text} onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />;
}

/**
 * While mounted, leaving the page asks first: an in-app navigation in the page, closing or reloading the tab with the
 * browser's own question. Mount it only meanwhile (a message being written, a sending under way).
 */
export function LeavePageQuestion(text: LeaveText) {
  const blocker = useUnsavedChanges(true);
  return <LeaveModal blocker={blocker} {...text} />;
}
