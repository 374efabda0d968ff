import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Blocker } from 'react-router-dom';

/** Asks before leaving a form with unsaved changes (a held navigation). */
export function LeaveModal({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      visible
      onDismiss={() => blocker.reset()}
      header={t('schoolSettings.leave.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => blocker.reset()}>{t('schoolSettings.leave.stay')}</Button>
            <Button variant="primary" onClick={() => blocker.proceed()}>{t('schoolSettings.leave.leave')}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      {t('schoolSettings.leave.body')}
    </Modal>
  );
}
