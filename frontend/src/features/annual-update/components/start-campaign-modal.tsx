import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CONFIRMATION_WORD } from '../../../../../shared/annual-update-api';

/** `2025-2026` from August on, `2024-2025` before: a Québec school year starts late August. */
export function defaultSchoolYear(today = new Date()): string {
  const start = today.getMonth() >= 7 ? today.getFullYear() : today.getFullYear() - 1;
  return `${start}-${start + 1}`;
}

const SCHOOL_YEAR = /^(\d{4})-(\d{4})$/;
export function isSchoolYear(value: string): boolean {
  const match = SCHOOL_YEAR.exec(value);
  return Boolean(match && Number(match[2]) === Number(match[1]) + 1);
}

/** Starting needs the word `confirm` typed (docs/product-rules.md); it stays `confirm` in French too, and the text says so. */
export function StartCampaignModal({ visible, busy, onDismiss, onStart }: {
  visible: boolean;
  busy: boolean;
  onDismiss: () => void;
  onStart: (schoolYear: string) => void;
}) {
  const { t } = useTranslation();
  const [schoolYear, setSchoolYear] = useState(defaultSchoolYear);
  const [typed, setTyped] = useState('');
  const yearOk = isSchoolYear(schoolYear);
  const ready = yearOk && typed === CONFIRMATION_WORD;
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={t('annualUpdateAdmin.start.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{t('annualUpdateAdmin.cancel')}</Button>
            <Button variant="primary" disabled={!ready} loading={busy} onClick={() => onStart(schoolYear)}>
              {t('annualUpdateAdmin.start.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{t('annualUpdateAdmin.start.body')}</Box>
        <FormField
          label={t('annualUpdateAdmin.start.schoolYear')}
          constraintText={t('annualUpdateAdmin.start.schoolYearHint')}
          errorText={yearOk ? undefined : t('annualUpdateAdmin.start.schoolYearInvalid')}
        >
          <Input value={schoolYear} onChange={({ detail }) => setSchoolYear(detail.value)} />
        </FormField>
        <FormField
          label={t('annualUpdateAdmin.start.confirmLabel', { word: CONFIRMATION_WORD })}
          description={t('annualUpdateAdmin.start.confirmHint', { word: CONFIRMATION_WORD })}
        >
          <Input
            value={typed}
            placeholder={CONFIRMATION_WORD}
            autoComplete={false}
            onChange={({ detail }) => setTyped(detail.value)}
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
