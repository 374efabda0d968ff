import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Blocker } from 'react-router-dom';

/** Asks before leaving a form with unsaved changes (a navigation held by useUnsavedChanges); `body` says what is lost. */
export function LeaveModal({ blocker, body }: { blocker: Blocker; body: string }) {
  const { t } = useTranslation();
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      visible
      onDismiss={() => blocker.reset()}
      header={t('common.leave.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => blocker.reset()}>{t('common.leave.stay')}</Button>
            <Button variant="primary" onClick={() => blocker.proceed()}>{t('common.leave.leave')}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      {body}
    </Modal>
  );
}
