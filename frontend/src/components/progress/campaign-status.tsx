import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import { currentLocale } from '../../i18n/i18n';
import { formatLongDate, onLongDate } from '../../lib/date-time';

const STATUS_TYPE = { pending: 'pending', active: 'in-progress', completed: 'stopped' } as const;

/**
 * A campaign's state in words, as the dashboard and the campaign page both show it: « En cours », « Close » with the
 * day it closed and the last day it can be reopened (its purge date), or « Lancement interrompu ».
 */
export function CampaignStatus({ campaign }: { campaign: CampaignView }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  return (
    <SpaceBetween size="xxs">
      <StatusIndicator type={STATUS_TYPE[campaign.status]}>{t(`annualUpdateAdmin.status.${campaign.status}`)}</StatusIndicator>
      {campaign.status === 'completed' && campaign.completedAt && (
        <Box variant="small" color="text-body-secondary">
          {t('annualUpdateAdmin.status.closedOn', { date: onLongDate(campaign.completedAt, lang) })}
          {campaign.reopenUntil && ` ${t('annualUpdateAdmin.status.reopenUntil', { date: formatLongDate(campaign.reopenUntil, lang) })}`}
        </Box>
      )}
      {campaign.status === 'active' && campaign.reopenedAt && (
        <Box variant="small" color="text-body-secondary">
          {t('annualUpdateAdmin.status.reopenedOn', { date: onLongDate(campaign.reopenedAt, lang) })}
        </Box>
      )}
    </SpaceBetween>
  );
}
