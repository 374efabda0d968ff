import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CONFIRMATION_WORD } from '../../../../../shared/annual-update-api';
import { addDays, schoolDay } from '../../../../../shared/school-calendar';
import { ReminderDaysField, defaultReminderDays } from './reminders';

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

/** A deadline is optional; when given it is a real day, today or later (`2025-10-15`). */
export function deadlineError(value: string, today = schoolDay()): 'invalid' | 'past' | undefined {
  if (value === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T12:00:00Z`))) return 'invalid';
  if (new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) !== value) return 'invalid';
  return value < today ? 'past' : undefined;
}

/** The deadline hint's example: a month from today, so that the example itself would be accepted. */
export function exampleDeadline(today = schoolDay()): string {
  return addDays(today, 30);
}

export interface StartChoices {
  schoolYear: string;
  deadline?: string;
  reminderDays?: number[];
  /** Review before publishing (docs/annual-update.md): absent when off. */
  review?: boolean;
  /** Staff members get a link to the staff form too (docs/annual-update.md, "Staff"). */
  includeStaff?: boolean;
}

interface CampaignOptions {
  review: boolean;
  includeStaff: boolean;
}

/** The campaign's options, chosen at the start: review before publishing, and staff links. */
function CampaignOptionsField({ value, onChange }: { value: CampaignOptions; onChange: (value: CampaignOptions) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Checkbox
        checked={value.review}
        description={t('annualUpdateAdmin.review.startHint')}
        onChange={({ detail }) => onChange({ ...value, review: detail.checked })}
      >
        {t('annualUpdateAdmin.review.startLabel')}
      </Checkbox>
      <Checkbox
        checked={value.includeStaff}
        description={t('staffUpdate.start.includeStaffHint')}
        onChange={({ detail }) => onChange({ ...value, includeStaff: detail.checked })}
      >
        {t('staffUpdate.start.includeStaff')}
      </Checkbox>
    </>
  );
}

/** Starting needs the word `confirm` typed (docs/product-rules.md); it stays `confirm` in French too, and the text says so. */
export function StartCampaignModal({ visible, busy, onDismiss, onStart }: {
  visible: boolean;
  busy: boolean;
  onDismiss: () => void;
  onStart: (choices: StartChoices) => void;
}) {
  const { t } = useTranslation();
  const [schoolYear, setSchoolYear] = useState(defaultSchoolYear);
  const [deadline, setDeadline] = useState('');
  const [reminderDays, setReminderDays] = useState(defaultReminderDays);
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<CampaignOptions>({ review: false, includeStaff: false });
  const yearOk = isSchoolYear(schoolYear);
  const deadlineProblem = deadlineError(deadline.trim());
  const ready = yearOk && !deadlineProblem && typed === CONFIRMATION_WORD;
  const choices = (): StartChoices => {
    const day = deadline.trim();
    const chosen = { ...(options.includeStaff ? { includeStaff: true } : {}), ...(options.review ? { review: true } : {}) };
    return { ...(day ? { schoolYear, deadline: day, reminderDays } : { schoolYear }), ...chosen };
  };
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={t('annualUpdateAdmin.start.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{t('annualUpdateAdmin.cancel')}</Button>
            <Button variant="primary" disabled={!ready} loading={busy} onClick={() => onStart(choices())}>
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
          label={t('annualUpdateAdmin.start.deadline')}
          constraintText={t('annualUpdateAdmin.start.deadlineHint', { example: exampleDeadline() })}
          errorText={deadlineProblem ? t(`annualUpdateAdmin.start.deadline_${deadlineProblem}`) : undefined}
        >
          <Input value={deadline} inputMode="numeric" placeholder={t('annualUpdateAdmin.start.deadlinePlaceholder')} onChange={({ detail }) => setDeadline(detail.value)} />
        </FormField>
        <ReminderDaysField value={reminderDays} onChange={setReminderDays} disabled={deadline.trim() === '' || !!deadlineProblem} />
        <CampaignOptionsField value={options} onChange={setOptions} />
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
