import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import { schoolDay } from '@shared/rules/school-calendar';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { DayPicker } from '../../../components/date-picker/day-picker';
import { currentLocale } from '../../../i18n/i18n';
import { formatLongDate } from '../../../lib/date-time';
import { campaignState, proposedReopenDeadline } from '../model/campaign-state';

/** The school year in a dialog's title, kept on one line on a phone (« 2095-\n2096 » otherwise): a non-breaking hyphen. */
const titleYear = (schoolYear: string) => schoolYear.replace('-', '\u2011');

/**
 * Closing ends every parent's link: the dialog says how many have not answered, that their links stop working, and
 * until when the campaign can be reopened; the reader types their confirmation word (docs/annual-update.md,
 * "Campaign lifecycle").
 */
export function CloseCampaignDialog({ campaign, visible, busy, onDismiss, onClose }: {
  campaign: CampaignView;
  visible: boolean;
  busy: boolean;
  onDismiss: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { unanswered, withStaff } = campaignState(campaign, schoolDay());
  const line = (text: string) => <Box variant="p">{text}</Box>;
  return (
    <ConfirmDialog
      visible={visible}
      typed
      // Closing can be undone by a reopening (said above): not « cannot be undone », but what happens at once.
      typedHint={t('annualUpdateAdmin.close.typeHint')}
      title={t('annualUpdateAdmin.close.title', { year: titleYear(campaign.schoolYear) })}
      confirmLabel={t('annualUpdateAdmin.close.submit')}
      busy={busy}
      onDismiss={onDismiss}
      onConfirm={onClose}
    >
      {line(
        unanswered > 0
          ? t(withStaff ? 'annualUpdateAdmin.close.unansweredPeople' : 'annualUpdateAdmin.close.unanswered', { count: unanswered })
          : t('annualUpdateAdmin.close.allAnswered'),
      )}
      {line(t('annualUpdateAdmin.close.effects'))}
      {campaign.reopenUntil &&
        line(t('annualUpdateAdmin.close.reopen', { date: formatLongDate(campaign.reopenUntil, currentLocale(i18n)) }))}
    </ConfirmDialog>
  );
}

/** Reopening is reversible (it can be closed again): no word to type, a new deadline from today on. */
export function ReopenCampaignDialog({ campaign, visible, busy, onDismiss, onReopen }: {
  campaign: CampaignView;
  visible: boolean;
  busy: boolean;
  onDismiss: () => void;
  onReopen: (deadline: string) => void;
}) {
  const { t } = useTranslation();
  const today = schoolDay();
  const [deadline, setDeadline] = useState(proposedReopenDeadline(campaign.deadline, today));
  useEffect(() => {
    if (visible) setDeadline(proposedReopenDeadline(campaign.deadline, schoolDay()));
  }, [visible, campaign.deadline]);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(deadline) && deadline >= today;
  return (
    <ConfirmDialog
      visible={visible}
      title={t('annualUpdateAdmin.reopen.title', { year: titleYear(campaign.schoolYear) })}
      confirmLabel={t('annualUpdateAdmin.reopen.submit')}
      busy={busy}
      disabled={!valid}
      onDismiss={onDismiss}
      onConfirm={() => onReopen(deadline)}
    >
      <Box variant="p">{t('annualUpdateAdmin.reopen.body')}</Box>
      <FormField
        label={t('annualUpdateAdmin.reopen.deadline')}
        description={t('annualUpdateAdmin.reopen.deadlineHint')}
        errorText={deadline !== '' && !valid ? t('annualUpdateAdmin.reopen.deadlineInvalid') : undefined}
      >
        <DayPicker value={deadline} onChange={setDeadline} minDay={today} invalid={deadline !== '' && !valid} />
      </FormField>
    </ConfirmDialog>
  );
}
