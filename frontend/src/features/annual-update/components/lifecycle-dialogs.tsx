import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import { schoolDay } from '@shared/rules/school-calendar';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { currentLocale } from '../../../i18n/i18n';
import { formatLongDate, schoolYearText } from '../../../lib/date-time';
import { useCampaignReview } from '../../../lib/api/admin-summary-queries';
import { campaignState, deadlineError, proposedReopenDeadline } from '../model/campaign-state';
import { DeadlineField, useDeadlineField } from './deadline-field';


/**
 * Closing ends every parent's link: the dialog says how many have not answered, that their links stop working, and
 * until when the campaign can be reopened; the reader types their confirmation word (docs/annual-update.md,
 * "Campaign lifecycle").
 */
export function CloseCampaignDialog({ campaign, visible, busy, error, onDismiss, onClose }: {
  campaign: CampaignView;
  visible: boolean;
  busy: boolean;
  error?: string;
  onDismiss: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { unanswered, withStaff } = campaignState(campaign, schoolDay());
  // Answers held for review are published only once accepted: closing does not publish them (a trial closed with one
  // waiting, and nothing said so). The review page's own query, shared with the way to it.
  const waiting = useCampaignReview(campaign.review ? campaign.id : null).data?.items.length ?? 0;
  const line = (text: string) => <Box variant="p">{text}</Box>;
  return (
    <ConfirmDialog
      visible={visible}
      typed
      // Closing can be undone by a reopening (said above): not « cannot be undone », but what happens at once.
      typedHint={t('annualUpdateAdmin.close.typeHint')}
      title={t('annualUpdateAdmin.close.title', { year: schoolYearText(campaign.schoolYear) })}
      confirmLabel={t('annualUpdateAdmin.close.submit')}
      busy={busy}
      error={error}
      onDismiss={onDismiss}
      onConfirm={onClose}
    >
      {line(
        unanswered > 0
          ? t(withStaff ? 'annualUpdateAdmin.close.unansweredPeople' : 'annualUpdateAdmin.close.unanswered', { count: unanswered })
          : t('annualUpdateAdmin.close.allAnswered'),
      )}
      {waiting > 0 && line(t('annualUpdateAdmin.close.awaitingReview', { count: waiting }))}
      {line(t('annualUpdateAdmin.close.effects'))}
      {campaign.reopenUntil &&
        line(t('annualUpdateAdmin.close.reopen', { date: formatLongDate(campaign.reopenUntil, currentLocale(i18n)) }))}
    </ConfirmDialog>
  );
}

/**
 * Reopening is reversible (it can be closed again): no word to type, a new deadline from today on. Reopen stays
 * enabled (Cloudscape's pattern): a day that does not exist (`2026-13-45`, kept as typed) or is past is said under
 * the field once it was left, or when Reopen is pressed, which then moves the focus to it.
 */
export function ReopenCampaignDialog({ campaign, visible, busy, error, onDismiss, onReopen }: {
  campaign: CampaignView;
  visible: boolean;
  busy: boolean;
  error?: string;
  onDismiss: () => void;
  onReopen: (deadline: string) => void;
}) {
  const { t } = useTranslation();
  const today = schoolDay();
  // Required here: an empty field is a day to choose, like a past one.
  const field = useDeadlineField(proposedReopenDeadline(campaign.deadline, today), visible, (day) =>
    day === '' ? 'past' : deadlineError(day, today, campaign.schoolYear),
  );
  const reopen = () => {
    const day = field.submit();
    if (day) onReopen(day);
  };
  return (
    <ConfirmDialog
      visible={visible}
      title={t('annualUpdateAdmin.reopen.title', { year: schoolYearText(campaign.schoolYear) })}
      confirmLabel={t('annualUpdateAdmin.reopen.submit')}
      busy={busy}
      error={error}
      onDismiss={onDismiss}
      onConfirm={reopen}
    >
      <Box variant="p">{t('annualUpdateAdmin.reopen.body')}</Box>
      <DeadlineField
        field={field}
        schoolYear={campaign.schoolYear}
        label={t('annualUpdateAdmin.reopen.deadline')}
        description={t('annualUpdateAdmin.reopen.deadlineHint')}
      />
    </ConfirmDialog>
  );
}
