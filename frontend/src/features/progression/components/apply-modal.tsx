import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

const WORD = 'confirm';

/** The last safeguard (docs/product-rules.md): permanent, cannot be undone, the word `confirm` typed (as for the campaign). */
export function ApplyModal({ visible, toYear, busy, onDismiss, onConfirm }: {
  visible: boolean;
  toYear: string;
  busy: boolean;
  onDismiss: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const ready = typed.trim() === WORD;
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={t('progression.apply.title', { year: toYear })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{t('progression.cancel')}</Button>
            <Button variant="primary" disabled={!ready} loading={busy} onClick={onConfirm}>
              {t('progression.apply.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Alert type="warning" header={t('progression.apply.permanentTitle')}>
          {t('progression.apply.permanentBody')}
        </Alert>
        <Box variant="p">{t('progression.apply.backupNote')}</Box>
        <FormField
          label={t('progression.apply.confirmLabel', { word: WORD })}
          description={t('progression.apply.confirmHint', { word: WORD })}
        >
          <Input value={typed} placeholder={WORD} autoComplete={false} onChange={({ detail }) => setTyped(detail.value)} />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
