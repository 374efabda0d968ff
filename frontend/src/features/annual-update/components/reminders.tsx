import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import { DEFAULT_REMINDER_DAYS } from '@shared/rules/annual-update-reminders';
import { useModalDismiss } from '../../../components/confirm-dialog/modal-dismiss';
import { schoolDay } from '@shared/rules/school-calendar';
import { currentLocale } from '../../../i18n/i18n';
import { formatLongDate } from '../../../lib/date-time';
import { deadlineError } from '../model/campaign-state';
import { DeadlineField, useDeadlineField } from './deadline-field';

/** The offsets an administrator may tick (days before the deadline); the server takes any 1 to 60, at most 4. */
export const REMINDER_CHOICES = [14, 7, 3, 2, 1] as const;
export const defaultReminderDays = (): number[] => [...DEFAULT_REMINDER_DAYS];

/** One checkbox per offset, most days first. */
export function ReminderDaysField({ value, onChange, disabled }: {
  value: number[];
  onChange: (days: number[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const toggle = (day: number, on: boolean) =>
    onChange((on ? [...value, day] : value.filter((d) => d !== day)).sort((a, b) => b - a));
  return (
    <FormField
      label={t('annualUpdateAdmin.reminders.label')}
      description={t(disabled ? 'annualUpdateAdmin.reminders.needsDeadline' : 'annualUpdateAdmin.reminders.hint')}
    >
      <SpaceBetween direction="horizontal" size="m">
        {REMINDER_CHOICES.map((day) => (
          <Checkbox key={day} checked={value.includes(day)} disabled={disabled} onChange={({ detail }) => toggle(day, detail.checked)}>
            {t('annualUpdateAdmin.reminders.daysBefore', { count: day })}
          </Checkbox>
        ))}
      </SpaceBetween>
    </FormField>
  );
}

/** "7 and 2 days before the deadline of October 15, 2026; next: October 8, 2026" (long dates in sentences), or why there are none. */
export function RemindersSummary({ campaign }: { campaign: CampaignView }) {
  const { t, i18n } = useTranslation();
  const { days, nextOn } = campaign.reminders;
  if (!campaign.deadline) return <Box>{t('annualUpdateAdmin.reminders.noDeadline')}</Box>;
  const lang = currentLocale(i18n);
  const deadline = formatLongDate(campaign.deadline, lang);
  if (days.length === 0) return <Box>{t('annualUpdateAdmin.reminders.none', { deadline })}</Box>;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(days.map(String));
  return (
    <SpaceBetween size="xxs">
      <Box>{t('annualUpdateAdmin.reminders.planned', { days: list, count: days.length, deadline })}</Box>
      {nextOn && <Box color="text-body-secondary">{t('annualUpdateAdmin.reminders.next', { date: formatLongDate(nextOn, lang) })}</Box>}
    </SpaceBetween>
  );
}

/** What the dialog saves: the reminders, and the deadline when it moved. */
export interface ScheduleChoice {
  reminderDays: number[];
  deadline?: string;
}

/**
 * The open campaign's deadline and automatic reminders (docs/annual-update.md, "Moving the deadline"): a committee
 * that needs one more week moves the date here; the links already sent keep working until it, and the reminders
 * count from it. Save stays enabled; a day that does not exist or is past is said under the field and focused.
 */
export function ScheduleModal({ campaign, visible, busy, error, onDismiss, onSave }: {
  campaign: CampaignView;
  visible: boolean;
  busy: boolean;
  /** The save failed: said at the top, the dialog open. */
  error?: string;
  onDismiss: () => void;
  onSave: (choice: ScheduleChoice) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const [days, setDays] = useState<number[]>(campaign.reminders.days);
  useEffect(() => {
    if (visible) setDays(campaign.reminders.days);
  }, [visible, campaign.reminders.days]);
  const dismiss = useModalDismiss(visible, onDismiss);
  const given = campaign.deadline ?? '';
  // A campaign without a deadline may stay without one; a date once given can move, not go.
  const field = useDeadlineField(given, visible, (day) =>
    day === '' ? (campaign.deadline ? 'missing' : undefined) : day !== given ? deadlineError(day, schoolDay(), campaign.schoolYear) : undefined,
  );
  const { day, problem } = field;
  const moved = day !== given;
  // Sooner than the date the parents were given: said, since their emails and letters say the later one.
  const earlier = !problem && moved && !!campaign.deadline && day < campaign.deadline;
  const hasDeadline = day !== '' && !problem;
  const save = () => {
    if (field.submit() === undefined) return;
    onSave({ reminderDays: hasDeadline ? days : [], ...(moved && day ? { deadline: day } : {}) });
  };
  return (
    <Modal
      visible={visible}
      onDismiss={dismiss}
      header={t('annualUpdateAdmin.schedule.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{t('annualUpdateAdmin.cancel')}</Button>
            <Button variant="primary" loading={busy} onClick={save}>{t('annualUpdateAdmin.schedule.save')}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {error && <Alert type="error">{error}</Alert>}
        <DeadlineField
          field={field}
          schoolYear={campaign.schoolYear}
          label={t('annualUpdateAdmin.schedule.deadline')}
          description={t(campaign.deadline ? 'annualUpdateAdmin.schedule.deadlineHint' : 'annualUpdateAdmin.schedule.deadlineHintNone')}
        />
        {earlier && (
          <Alert type="warning">{t('annualUpdateAdmin.schedule.earlierNote', { date: formatLongDate(campaign.deadline!, lang) })}</Alert>
        )}
        {moved && hasDeadline && campaign.deadline && !earlier && <Alert type="info">{t('annualUpdateAdmin.schedule.movedNote')}</Alert>}
        <ReminderDaysField value={days} onChange={setDays} disabled={!hasDeadline} />
      </SpaceBetween>
    </Modal>
  );
}
